"use client";
import { createContext } from "react";

/** Whether the server saw a session when it rendered the page (null: no AuthProvider). */
export const InitialSignedInContext = createContext<boolean | null>(null);
