import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { zeigeFehler } from '@/lib/errors';
import { hatFehler, istLeer, MSG_PFLICHTFELD, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { wertelisteQuery } from '@/lib/wertelisten';
import { type GlobaleRolle, type LokaleRolle } from '@/features/systemverwaltung/api/lokale-rollen';
import { organisationenQuery } from '@/features/systemverwaltung/api/organisationen';
import { GLOBALE_ROLLEN } from '@/features/systemverwaltung/components/bezeichnungen';
import { useSpeichereLokaleRolle } from '@/features/systemverwaltung/api/speichere-lokale-rolle';
import { BetriebAuswahl } from './BetriebAuswahl';

export interface RolleWerte {
  bezeichnung: string;
  globaleRolle: GlobaleRolle | '';
  systemrolle: boolean;
  alleRegionalstellen: boolean;
  regionalstelleIds: number[];
  organisationen: number[];
  /** Ids of the operations picked from the catalogue. */
  betriebe: number[];
}

type RolleFeld = keyof RolleWerte;
const FELDER: readonly RolleFeld[] = ['bezeichnung', 'globaleRolle', 'regionalstelleIds', 'organisationen', 'betriebe'];

/** Spec 002 §5: bezeichnung and globaleRolle are required. */
export function pruefeRolle(w: RolleWerte): Feldfehler<RolleFeld> {
  const f: Feldfehler<RolleFeld> = {};
  if (istLeer(w.bezeichnung)) f.bezeichnung = MSG_PFLICHTFELD;
  if (!w.globaleRolle) f.globaleRolle = MSG_PFLICHTFELD;
  return f;
}

function werteAus(r?: LokaleRolle): RolleWerte {
  return {
    bezeichnung: r?.bezeichnung ?? '',
    globaleRolle: r?.globaleRolle ?? '',
    systemrolle: r?.systemrolle ?? false,
    alleRegionalstellen: r?.alleRegionalstellen ?? false,
    regionalstelleIds: r?.regionalstelleIds ?? [],
    organisationen: r?.organisationen ?? [],
    betriebe: r?.betriebe ?? [],
  };
}

function rolleAus(w: RolleWerte, version?: number): LokaleRolle {
  // with alleRegionalstellen the pickers do not count (the server empties them too)
  const alle = w.alleRegionalstellen;
  return {
    bezeichnung: w.bezeichnung.trim(),
    globaleRolle: w.globaleRolle as GlobaleRolle,
    systemrolle: w.systemrolle,
    alleRegionalstellen: alle,
    regionalstelleIds: alle ? [] : w.regionalstelleIds,
    organisationen: alle ? [] : w.organisationen,
    betriebe: alle ? [] : w.betriebe,
    ...(version !== undefined ? { version } : {}),
  };
}

/** Create or edit a local role. With 'Alle Regionalstellen' the three pickers are disabled. */
export function RolleDialog({ rolle, onClose }: { rolle?: LokaleRolle; onClose: () => void }) {
  const formId = useId();
  const regionalstellen = useQuery(wertelisteQuery('regionalstelle'));
  const organisationen = useQuery(organisationenQuery());
  const basis = useMemo(() => werteAus(rolle), [rolle]);
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Feldfehler<RolleFeld>>({});
  const [gespeichert, setGespeichert] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const dirty = !gespeichert && JSON.stringify(werte) !== JSON.stringify(basis);

  const speichern = useSpeichereLokaleRolle({
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success('Gespeichert');
      setGespeichert(true);
      onClose();
    },
    onError: (e) => {
      const f = serverFeldfehler(e, FELDER);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
      zeigeFehler(e, 'Fehler beim Speichern');
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeRolle(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    speichern.mutate({ id: rolle?.id, daten: rolleAus(werte, rolle?.version) });
  };

  const setze = <K extends RolleFeld>(k: K, v: RolleWerte[K]) => setWerte((w) => ({ ...w, [k]: v }));
  const alle = werte.alleRegionalstellen;

  return (
    <Dialog
      open
      onClose={onClose}
      title={rolle ? 'Rolle bearbeiten' : 'Rolle hinzufügen'}
      width={640}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={speichern.isPending} />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Rolle" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <UnsavedChangesGuard when={dirty} />
        <FormField label="Bezeichnung" error={fehler.bezeichnung} required className="sm:col-span-2">
          <input name="bezeichnung" className={inputClass} value={werte.bezeichnung} onChange={(e) => setze('bezeichnung', e.target.value)} />
        </FormField>
        <FormField label="Globale Rolle" error={fehler.globaleRolle} required className="sm:col-span-2">
          <select
            name="globaleRolle"
            className={inputClass}
            value={werte.globaleRolle}
            onChange={(e) => setze('globaleRolle', e.target.value as GlobaleRolle | '')}
          >
            <option value="">Bitte auswählen</option>
            {GLOBALE_ROLLEN.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </FormField>
        <CheckboxField label="Systemrolle" name="systemrolle" checked={werte.systemrolle} onChange={(v) => setze('systemrolle', v)} />
        <CheckboxField
          label="Alle Regionalstellen"
          name="alleRegionalstellen"
          checked={werte.alleRegionalstellen}
          onChange={(v) => setze('alleRegionalstellen', v)}
        />
        <MehrfachAuswahl<number>
          legend="Regionalstellen"
          options={(regionalstellen.data ?? []).map((r) => ({ value: r.id, label: r.value }))}
          value={werte.regionalstelleIds}
          onChange={(v) => setze('regionalstelleIds', v)}
          disabled={alle}
          error={fehler.regionalstelleIds}
        />
        <MehrfachAuswahl<number>
          legend="Organisationen"
          options={(organisationen.data ?? []).map((o) => ({ value: o.id, label: o.bezeichnung }))}
          value={werte.organisationen}
          onChange={(v) => setze('organisationen', v)}
          disabled={alle}
          error={fehler.organisationen}
        />
        <BetriebAuswahl value={werte.betriebe} onChange={(v) => setze('betriebe', v)} disabled={alle} error={fehler.betriebe} />
      </form>
    </Dialog>
  );
}
