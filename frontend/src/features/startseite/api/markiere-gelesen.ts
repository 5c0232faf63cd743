import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { startseiteKeys } from './keys';
import { nachNachrichtenBefehl, type Befehlsergebnis, type Nachricht } from './nachrichten';

/** PATCH /api/nachricht/{id}?gelesen=true. */
export function markiereGelesen(id: number): Promise<Befehlsergebnis> {
  return api.patch<Befehlsergebnis>(`/nachricht/${id}`, undefined, { query: { gelesen: true } });
}

/**
 * Marks a message read: bold goes at once (the cached list), then the list and the unread
 * count follow the server from the command's position. The callbacks sit on the mutation,
 * so they run even when the page is left meanwhile.
 */
export function useMarkiereGelesen(optionen: BefehlOptionen<Befehlsergebnis, Nachricht> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: (n: Nachricht) => markiereGelesen(n.id),
    onMutate: (n) => {
      queryClient.setQueryData<Nachricht[]>(startseiteKeys.nachrichten(), (alt) =>
        alt?.map((x) => (x.id === n.id ? { ...x, gelesen: true } : x)),
      );
    },
    onSettled: (antwort) => nachNachrichtenBefehl(queryClient, antwort?.position),
  });
}
