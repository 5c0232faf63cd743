import { useQueryClient } from '@tanstack/react-query';
import { nachBefehl } from '@/lib/befehl';

/**
 * Query keys of the Bescheid area, in one place: a command invalidates exactly what it changed.
 * The file's tree (features/betrieb) reads the operation's Bescheide under
 * ['bescheid', 'betrieb', id] and the open one under ['bescheid', id], so a Bescheid command
 * refreshes the tree without the features importing each other.
 */
export const bescheidKeys = {
  all: ['bescheid'] as const,
  detail: (id: string) => [...bescheidKeys.all, id] as const,
  verlauf: (id: string) => [...bescheidKeys.detail(id), 'verlauf'] as const,
  stand: (id: string, version: number) => [...bescheidKeys.detail(id), 'stand', version] as const,
  desBetriebs: (betriebId: string) => [...bescheidKeys.all, 'betrieb', betriebId] as const,
  vorbescheide: (betriebId: string, bescheidId: string, qualitaet: string) => [...bescheidKeys.all, 'vorbescheide', betriebId, bescheidId, qualitaet] as const,
  kandidaten: (betriebId: string, qualitaet: string) => [...bescheidKeys.all, 'messstellen', betriebId, qualitaet] as const,
  anlagen: (betriebId: string) => ['anlage', 'betrieb', betriebId] as const,
  /** Lookups: never invalidated by commands. */
  bescheidarten: (qualitaet: string) => ['werteliste', 'bescheidart', qualitaet] as const,
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
