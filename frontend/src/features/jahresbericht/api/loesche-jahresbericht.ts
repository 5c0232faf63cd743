import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';

/** DELETE /api/jahresbericht/{id}?version=N. */
export const loescheJahresbericht = ({ id, version }: { id: number; version: number }) =>
  api.delete<Befehlsantwort>(`/jahresbericht/${id}`, { query: { version } });
