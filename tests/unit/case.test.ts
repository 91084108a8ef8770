import { describe, expect, it } from "vitest";
import { camelCaseKey, snakeCaseKey, toCamelCase, toSnakeCase } from "@/lib/api/case";

describe("toCamelCase", () => {
  it("camelCases snake_case keys deeply, in nested objects and arrays", () => {
    const input = {
      organization_id: 5,
      full_messages: ["x"],
      address: { postal_code: "1234AB", geo_point: { lat_deg: 1 } },
      roles: [{ resource_type: "Organization", resource_id: 3 }],
    };
    expect(toCamelCase(input)).toEqual({
      organizationId: 5,
      fullMessages: ["x"],
      address: { postalCode: "1234AB", geoPoint: { latDeg: 1 } },
      roles: [{ resourceType: "Organization", resourceId: 3 }],
    });
  });

  it("keeps keys starting with an underscore as they are", () => {
    expect(toCamelCase({ _destroy: true, _some_key: 1, nested: { _keep_me: 2 } })).toEqual({
      _destroy: true,
      _some_key: 1,
      nested: { _keep_me: 2 },
    });
  });

  it("leaves keys that are not plain identifiers alone", () => {
    expect(toCamelCase({ "filter[organization_id_eq]": 5, "access-token": "t" })).toEqual({
      "filter[organization_id_eq]": 5,
      "access-token": "t",
    });
  });

  it("does not change values, only keys", () => {
    expect(toCamelCase({ type: "volunteer_center", list: ["a_b"] })).toEqual({
      type: "volunteer_center",
      list: ["a_b"],
    });
  });

  it("turns digits after an underscore into part of the camel key", () => {
    expect(camelCaseKey("address_line_1")).toBe("addressLine1");
  });
});

describe("toSnakeCase", () => {
  it("snake_cases camelCase keys deeply", () => {
    expect(
      toSnakeCase({ firstName: "Jane", data: { attributes: { passwordConfirmation: "x" } } }),
    ).toEqual({ first_name: "Jane", data: { attributes: { password_confirmation: "x" } } });
  });

  it("keeps underscore keys and bracketed query keys exactly as given", () => {
    expect(toSnakeCase({ _destroy: true, "filter[organizationIdEq]": 1 })).toEqual({
      _destroy: true,
      "filter[organizationIdEq]": 1,
    });
  });

  it("handles acronyms and digits like Rails' underscore", () => {
    expect(snakeCaseKey("userID")).toBe("user_id");
    expect(snakeCaseKey("HTMLParser")).toBe("html_parser");
    expect(snakeCaseKey("organizationIdEq")).toBe("organization_id_eq");
    expect(snakeCaseKey("already_snake")).toBe("already_snake");
  });

  it("passes Date, File, Blob and FormData through untouched", () => {
    const date = new Date("2024-05-01T10:00:00Z");
    const blob = new Blob(["x"]);
    const file = new File(["y"], "cv.pdf");
    const form = new FormData();
    const result = toSnakeCase<Record<string, unknown>>({
      startsAt: date,
      cvFile: file,
      blob,
      form,
    });
    expect(result.starts_at).toBe(date);
    expect(result.cv_file).toBe(file);
    expect(result.blob).toBe(blob);
    expect(result.form).toBe(form);
  });

  it("round-trips snake keys through camelCase and back", () => {
    const wire = { volunteer_center_id: 1, roles: [{ resource_type: null }] };
    expect(toSnakeCase(toCamelCase(wire))).toEqual(wire);
  });
});
