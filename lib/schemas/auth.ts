import { z } from "zod";

export const RoleLevelSchema = z.enum(["superadmin", "admin", "user"]);

const Email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Email must be a valid email address"));

export const LoginBody = z.object({
  email: Email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password must be at most 1024 characters"),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.object({
  refresh_token: z
    .string({ error: "refresh_token is required" })
    .min(1, "refresh_token is required")
    .max(512, "refresh_token must be at most 512 characters"),
});

export const RegisterBody = z.object({
  email: Email,
  password: z
    .string({ error: "Password is required for new users" })
    .min(8, "Password must be at least 8 characters")
    .max(1024, "Password must be at most 1024 characters"),
  full_name: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(200, "Full name must be at most 200 characters"),
  role_level: RoleLevelSchema.default("user"),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
});

export const UserResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  is_superuser: z.boolean(),
  role_level: RoleLevelSchema,
  is_active: z.boolean(),
  last_login: z.string().nullable(),
});
export type UserResponse = z.infer<typeof UserResponse>;

export const DetailResponse = z.object({ detail: z.string() });
