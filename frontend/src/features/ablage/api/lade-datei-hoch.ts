import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type BefehlOptionen } from '@/lib/befehl';
import { ablageKeys } from './keys';
import type { Befehlsergebnis } from './dateien';
import { pfad } from './dateien';
import type { DateiFachobjekt } from './keys';

/** POST /api/{fachobjekt}/{id}/upload-file: multipart with bezeichnung and file. */
export function ladeDateiHoch({
  fachobjekt,
  id,
  bezeichnung,
  datei,
}: {
  fachobjekt: DateiFachobjekt;
  id: string;
  bezeichnung: string;
  datei: File;
}): Promise<Befehlsergebnis> {
  const form = new FormData();
  form.append('bezeichnung', bezeichnung);
  form.append('file', datei, datei.name);
  return api.post<Befehlsergebnis>(`${pfad(fachobjekt, id)}upload-file`, form, { handleValidation: true });
}

export type LadeDateiHochEingabe = Parameters<typeof ladeDateiHoch>[0];

/** Uploads a file of an object; its file list is fetched again. */
export function useLadeDateiHoch({ onSuccess, ...optionen }: BefehlOptionen<Awaited<ReturnType<typeof ladeDateiHoch>>, LadeDateiHochEingabe> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: ladeDateiHoch,
    onSuccess: (...args) => {
      const [_antwort, eingabe] = args;
      void queryClient.invalidateQueries({ queryKey: ablageKeys.dateien(eingabe.fachobjekt, eingabe.id) });
      return onSuccess?.(...args);
    },
  });
}
