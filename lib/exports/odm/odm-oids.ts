/**
 * OIDs of the ODM export (decision 0016). ODM only asks that an OID be non-empty and unique among
 * the definitions of its kind; we keep them readable (`IT.V.pasi_score`) and safe for the tools
 * that put them into file or variable names: letters, digits, `.`, `_` and `-` only.
 */

const UNSAFE = /[^A-Za-z0-9._-]/g;

/** Hands out OIDs unique within one export, each as close to the name it is built from as possible. */
export class OidAllocator {
  private readonly taken = new Set<string>();

  /** `prefix` + a safe form of `name`; `_2`, `_3`… on a clash (two names that only differ in unsafe characters). */
  allocate(prefix: string, name: string): string {
    const base = prefix + (name.replace(UNSAFE, "_") || "_");
    let oid = base;
    for (let n = 2; this.taken.has(oid); n++) oid = `${base}_${n}`;
    this.taken.add(oid);
    return oid;
  }
}
