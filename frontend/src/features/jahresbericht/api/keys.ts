import { useMutation, useQueryClient } from '@tanstack/react-query';
import { akteKeys } from '@/lib/akte/keys';
import { nachBefehl, type BefehlOptionen, type Befehlsantwort } from '@/lib/befehl';

/** Query keys of the annual reports, in one place: a command invalidates what it changed. */
export const jahresberichtKeys = {
  all: akteKeys.jahresbericht.all,
  desBetriebs: akteKeys.jahresbericht.desBetriebs,
  detail: akteKeys.jahresbericht.detail,
  parameter: (id: string, messstelle: string) => [...jahresberichtKeys.all, 'id', id, 'messstelle', messstelle] as const,
  messreihe: (id: string, messstelle: string, parameter: string) =>
    [...jahresberichtKeys.all, 'id', id, 'messstelle', messstelle, 'parameter', parameter] as const,
  messwerteDesBetriebs: (betriebId: string) => [...jahresberichtKeys.all, 'betrieb', betriebId, 'messwerte'] as const,
  ueberschreitungen: (betriebId: string, jahr: string) => [...jahresberichtKeys.all, 'betrieb', betriebId, 'ueberschreitungen', jahr] as const,
  verlauf: (id: string) => [...jahresberichtKeys.detail(id), 'verlauf'] as const,
  stand: (id: string, version: number) => [...jahresberichtKeys.detail(id), 'stand', version] as const,
};

/**
 * A command hook of the area: after it, the report's queries, the worklists, messages and tasks
 * (a submission and a decision notify and open or close a task).
 */
export function useBerichtsbefehl<E>(aufruf: (e: E) => Promise<Befehlsantwort>, { onSuccess, ...optionen }: BefehlOptionen<Befehlsantwort, E> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...optionen,
    mutationFn: aufruf,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: jahresberichtKeys.all });
      void nachBefehl(queryClient, args[0], { arbeitslisten: true, nachrichten: true });
      return onSuccess?.(...args);
    },
  });
}

