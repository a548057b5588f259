const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; a parameter that is not one is a name (or nothing we know). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
