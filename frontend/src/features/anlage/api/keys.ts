import { akteKeys } from '@/lib/akte/keys';

/**
 * Query keys of the plant area, in one place: a mutation invalidates exactly what it changed. The
 * root and the operation's plants are the file's shared keys (lib/akte/keys).
 */
export const anlageKeys = {
  all: akteKeys.anlage.all,
  detail: akteKeys.anlage.detail,
  historie: (id: string) => [...anlageKeys.detail(id), 'historie'] as const,
  verlauf: (id: string) => [...anlageKeys.detail(id), 'verlauf'] as const,
  indirekteinleiter: (id: string) => [...anlageKeys.detail(id), 'indirekteinleiter'] as const,
  stand: (id: string, version: number) => [...anlageKeys.detail(id), 'stand', version] as const,
  antrag: (id: string) => [...anlageKeys.detail(id), 'aenderungsantrag'] as const,
  desBetriebs: akteKeys.anlage.desBetriebs,
  entlastungsanlagen: (betriebId: string) => [...anlageKeys.desBetriebs(betriebId), 'entlastung'] as const,
  kanalnetze: (id: string) => [...anlageKeys.detail(id), 'kanalnetze'] as const,
  aufnehmende: (betriebId: string, anlageId: number, q: string) => [...anlageKeys.all, 'aufnehmende', betriebId, anlageId, q] as const,
  drosselablaeufe: (betriebId: string, anlagenart: string, anlageId: number, q: string) =>
    [...anlageKeys.all, 'drosselablaeufe', betriebId, anlagenart, anlageId, q] as const,
  pflichtige: () => [...anlageKeys.all, 'pflichtige'] as const,
  betrieb: (betriebId: string) => [...anlageKeys.all, 'betriebskopf', betriebId] as const,
};
