/** The admin login input (SPEC §5: both fields required), shared by the login page and the API. */
import { z } from "zod";

export const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(200),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});

/** SPEC §8's texts; the throttle's 429 replaces the description with the server's message. */
export const LOGIN_TEXTS = {
  successTitle: "Login successful",
  successDescription: "Welcome to the admin panel",
  failureTitle: "Login failed",
  failureDescription: "Invalid credentials. Please try again.",
  authRequiredTitle: "Authentication required",
  authRequiredDescription: "Please log in to access the admin panel",
} as const;
