import { useQueryClient } from '@tanstack/react-query';
import { akteKeys } from '@/lib/akte/keys';
import { nachBefehl } from '@/lib/befehl';

/**
 * Query keys of the Bescheid area, in one place: a command invalidates exactly what it changed.
 * The file's tree reads the operation's Bescheide and the open one under the file's shared keys
 * (lib/akte/keys), so a Bescheid command refreshes the tree.
 */
export const bescheidKeys = {
  all: akteKeys.bescheid.all,
  detail: akteKeys.bescheid.detail,
  verlauf: (id: string) => [...bescheidKeys.detail(id), 'verlauf'] as const,
  stand: (id: string, version: number) => [...bescheidKeys.detail(id), 'stand', version] as const,
  desBetriebs: akteKeys.bescheid.desBetriebs,
  vorbescheide: (betriebId: string, bescheidId: string, qualitaet: string) => [...bescheidKeys.all, 'vorbescheide', betriebId, bescheidId, qualitaet] as const,
  kandidaten: (betriebId: string, qualitaet: string) => [...bescheidKeys.all, 'messstellen', betriebId, qualitaet] as const,
  /** Lookups: never invalidated by commands. */
  bescheidarten: akteKeys.bescheid.arten,
  wasserbuch: (bescheidId: string) => ['digiwab', bescheidId] as const,
};

/** After a Bescheid command: the area (tree, detail, lists), the worklists, messages and tasks. */
export function useNachBescheidBefehl() {
  const queryClient = useQueryClient();
  return (antwort: unknown) => {
    void queryClient.invalidateQueries({ queryKey: bescheidKeys.all });
    void nachBefehl(queryClient, antwort, { arbeitslisten: true, nachrichten: true });
  };
}
