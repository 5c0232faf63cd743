import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';
import { personalisierungKeys } from './keys';
import type { Befehlsergebnis, Personalisierung } from './personalisierung';

/** PUT /api/personalisierung with the whole settings and the version loaded; 409 when stale. */
export function speicherePersonalisierung(p: Personalisierung): Promise<Befehlsergebnis> {
  return api.put<Befehlsergebnis>('/personalisierung', p);
}

/**
 * Saves the personalisation; the settings are fetched again before the save counts as done
 * (the component's onSuccess runs first: saved state and toast).
 */
export function useSpeicherePersonalisierung({ onSuccess, ...optionen }: BefehlOptionen<Befehlsergebnis, Personalisierung> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: speicherePersonalisierung,
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: personalisierungKeys.all });
    },
  });
}
