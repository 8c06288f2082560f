/** The demo study's fields, parsed by the real config schema so the tests use what the server stores. */
import { configIn } from "@/lib/i18n/study-config-language";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { fieldsForEntity } from "@/lib/forms";
import { StudyConfigShape } from "@/lib/schemas/study-config";

export const demoConfig = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");
export const patientFields = fieldsForEntity(demoConfig.data_fields, "patient");
export const visitFields = fieldsForEntity(demoConfig.data_fields, "visit");

export function demoField(name: string) {
  const field = demoConfig.data_fields.find((f) => f.name === name);
  if (!field) throw new Error(`demo config has no field ${name}`);
  return field;
}
