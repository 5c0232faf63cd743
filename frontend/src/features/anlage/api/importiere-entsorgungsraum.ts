import { api, type Antwort } from '@/lib/api';

/** POST /api/anlage/abwasserbehandlung/{id}/import/?version=: the disposal area's units from an xlsx file, saved as the plant. */
export const importiereEntsorgungsraum = ({ id, version, datei }: { id: number; version: number; datei: File }) => {
  const form = new FormData();
  form.append('file', datei, datei.name);
  return api.post<Antwort<'importiereEntsorgungsraum'>>(`/anlage/abwasserbehandlung/${id}/import`, form, { query: { version } });
};
