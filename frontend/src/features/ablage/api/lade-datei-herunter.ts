import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei as Download } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { speichereDatei } from '@/lib/download';

/** GET /api/datei/{id}: the file with the name from Content-Disposition. */
export function ladeDateiHerunter(id: number): Promise<Download> {
  return apiDatei(`/datei/${id}`);
}

/** Downloads a file and saves it under its name (no cache changes). */
export function useLadeDateiHerunter(optionen: BefehlOptionen<string, { id: number; dateiname: string }> = {}) {
  return useMutation({
    ...optionen,
    // in the call, not in a callback: the file is saved even when the list is left meanwhile
    mutationFn: async (d: { id: number; dateiname: string }) => speichereDatei(await ladeDateiHerunter(d.id), d.dateiname),
  });
}
