import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { startseiteKeys } from './keys';
import { nachNachrichtenBefehl, type Befehlsergebnis, type Nachricht } from './nachrichten';

/** DELETE /api/nachricht/{id}. */
export function loescheNachricht(id: number): Promise<Befehlsergebnis> {
  return api.delete<Befehlsergebnis>(`/nachricht/${id}`);
}

/** Deletes a message: gone from the cached list at once, then list and count from the server. */
export function useLoescheNachricht(optionen: BefehlOptionen<Befehlsergebnis, Nachricht> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: (n: Nachricht) => loescheNachricht(n.id),
    onMutate: (n) => {
      queryClient.setQueryData<Nachricht[]>(startseiteKeys.nachrichten(), (alt) => alt?.filter((x) => x.id !== n.id));
    },
    onSettled: (antwort) => nachNachrichtenBefehl(queryClient, antwort?.position),
  });
}
