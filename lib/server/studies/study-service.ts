import "server-only";
import type { Db } from "@/db/client";
import type { Actor } from "../auth/actor";
import { hasPlatformPermission } from "../auth/policy";
import { listAllStudies, listStudiesForMember } from "./study-queries";

export type StudySummary = {
  id: number;
  code: string;
  name: string;
  disease: string;
  description: string | null;
  domain: string;
  is_active: boolean;
  field_count: number;
};

/** Platform admins see every study; other users the studies where they hold a role. */
export async function listStudies(db: Db, actor: Actor): Promise<StudySummary[]> {
  const rows = hasPlatformPermission(actor, "studies.read_all")
    ? await listAllStudies(db)
    : await listStudiesForMember(db, actor.userId);
  return rows.map((study) => {
    const fields = study.config["data_fields"];
    return {
      id: study.id,
      code: study.code,
      name: study.name,
      disease: study.disease,
      description: study.description,
      domain: study.domain,
      is_active: study.isActive,
      field_count: Array.isArray(fields) ? fields.length : 0,
    };
  });
}
