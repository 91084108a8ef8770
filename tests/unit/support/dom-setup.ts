import { configure } from "@testing-library/react";

// findBy… and waitFor give up after one second by default: on a busy 2-core machine a page
// that renders after a mocked fetch and a transition can take longer, and the test then
// fails for the machine, not for the page. What is never there still fails, later.
configure({ asyncUtilTimeout: 5_000 });
