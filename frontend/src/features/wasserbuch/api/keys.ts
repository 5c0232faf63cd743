/** Query keys of the area, in one place. */
export const wasserbuchKeys = {
  all: ['wasserbuch'] as const,
  /** The register's page: read anew on every visit (the register may change it at any time). */
  seite: (wbbId: string) => [...wasserbuchKeys.all, 'seite', wbbId] as const,
};
