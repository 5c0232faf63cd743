import { useQuery } from '@tanstack/react-query';
import { HistorieDialog as Historie } from '@/components/Historisch';
import { historieQuery, type BetriebVersion } from '@/features/betrieb/api/betrieb';

export interface HistorieDialogProps {
  betriebId: string;
  titel: string;
  /** A version was chosen: its index in the (oldest-first) history. */
  onAnzeigen: (index: number, version: BetriebVersion) => void;
  onClose: () => void;
}

const SPALTEN = [{ id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (v: BetriebVersion) => v.betrieb?.bezeichnung ?? '' }];

/** The dated versions of the operation, newest first; 'aktuell' marks the current one. */
export function HistorieDialog({ betriebId, titel, onAnzeigen, onClose }: HistorieDialogProps) {
  const historie = useQuery(historieQuery(betriebId));
  return <Historie<BetriebVersion> titel={titel} versionen={historie.isPending ? undefined : (historie.data ?? [])} spalten={SPALTEN} onAnzeigen={onAnzeigen} onClose={onClose} />;
}
