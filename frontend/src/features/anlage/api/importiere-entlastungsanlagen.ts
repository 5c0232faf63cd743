import { api, type Antwort } from '@/lib/api';

/** POST /api/betrieb/{id}/import-entlastungsanlagen/: multipart, part file (xlsx); saves the rows all or nothing. */
export const importiereEntlastungsanlagen = ({ betriebId, datei }: { betriebId: string; datei: File }) => {
  const form = new FormData();
  form.append('file', datei, datei.name);
  return api.post<Antwort<'importiereEntlastungsanlagen'>>(`/betrieb/${encodeURIComponent(betriebId)}/import-entlastungsanlagen`, form);
};
