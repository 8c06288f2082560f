/**
 * Response fixtures for component tests, typed by the API's response schemas (`z.input`): a field
 * renamed or retyped in a schema fails to compile here, and `ok()` parses each one when sent.
 */
import type { z } from "zod";
import type { FieldTemplateResponse } from "@/lib/schemas/field-templates";
import type { PatientResponse } from "@/lib/schemas/patients";
import type { StudySummaryResponse } from "@/lib/schemas/studies";
import type { AdminUserResponse, MedicalGroupResponse, UserStudyRoleResponse } from "@/lib/schemas/users";

export const templateFixture = (
  id: number,
  extra: Partial<z.input<typeof FieldTemplateResponse>> = {},
): z.input<typeof FieldTemplateResponse> => ({
  id,
  name: `T${id}`,
  description: null,
  category: "Other",
  fields: [{ name: "f_1", label: "Field 1", type: "number" }],
  field_count: 1,
  is_global: true,
  created_at: "2026-03-04T10:00:00.000Z",
  created_by: 1,
  can_delete: true,
  ...extra,
});

export const adminUserFixture = (
  id: number,
  extra: Partial<z.input<typeof AdminUserResponse>> = {},
): z.input<typeof AdminUserResponse> => ({
  id,
  email: `user${id}@example.org`,
  full_name: `User ${id}`,
  locale: null,
  is_superuser: false,
  role_level: "user",
  is_active: true,
  last_login: null,
  must_change_password: false,
  totp_enabled: false,
  password_changed_at: "2026-03-04T10:00:00.000Z",
  identity_verified_at: null,
  identity_verified_by: null,
  identity_verification_method: null,
  version: 1,
  created_at: "2026-03-04T10:00:00.000Z",
  ...extra,
});

export const medicalGroupFixture = (
  id: number,
  extra: Partial<z.input<typeof MedicalGroupResponse>> = {},
): z.input<typeof MedicalGroupResponse> => ({
  id,
  study_id: 1,
  code: `GRP00${id}`,
  name: `Group ${id}`,
  description: null,
  patient_count: 0,
  created_at: "2026-03-04T10:00:00.000Z",
  version: 1,
  ...extra,
});

export const assignmentFixture = (
  id: number,
  extra: Partial<z.input<typeof UserStudyRoleResponse>> = {},
): z.input<typeof UserStudyRoleResponse> => ({
  id,
  user_id: id,
  user_full_name: `User ${id}`,
  user_email: `user${id}@example.org`,
  user_role_level: "user",
  user_is_active: true,
  role: "medico",
  medical_group_id: null,
  medical_group_name: null,
  assigned_at: "2026-03-04T10:00:00.000Z",
  study_id: 1,
  version: 1,
  ...extra,
});

export const studySummaryFixture = (
  id: number,
  extra: Partial<z.input<typeof StudySummaryResponse>> = {},
): z.input<typeof StudySummaryResponse> => ({
  id,
  code: `s${id}`,
  name: `Study ${id}`,
  study_name: `Study ${id}`,
  disease: "SLE",
  description: null,
  domain: `s${id}`,
  default_language: null,
  is_active: true,
  version: 1,
  field_count: 0,
  locked_at: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  ...extra,
});

export const patientFixture = (
  id: number,
  extra: Partial<z.input<typeof PatientResponse>> = {},
): z.input<typeof PatientResponse> => ({
  id,
  study_id: 3,
  code: `PT-${String(id).padStart(3, "0")}`,
  birth_date: "1980-03-05",
  sex: id % 2 ? "M" : "F",
  height_cm: null,
  weight_kg: null,
  naive_systemic: false,
  naive_biologic: false,
  custom_fields: {},
  missing: {},
  medical_group_id: null,
  created_by: 1,
  next_visit_type: null,
  next_visit_due: null,
  next_visit_window_end: null,
  enrolled_on: null,
  form_status: "in_progress",
  completed_at: null,
  completed_by: null,
  verification: {},
  version: 1,
  created_at: "2026-01-15T10:00:00.000Z",
  updated_at: "2026-01-15T10:00:00.000Z",
  ...extra,
});
