import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';

/** POST /api/messwert/{parameterid}/import-messwerte?version=N: multipart, part file (xlsx). */
export const importiereMesswerte = ({ parameter, version, datei }: { parameter: number; version: number; datei: File }) => {
  const form = new FormData();
  form.append('file', datei, datei.name);
  return api.post<Befehlsantwort>(`/messwert/${parameter}/import-messwerte`, form, { query: { version } });
};
