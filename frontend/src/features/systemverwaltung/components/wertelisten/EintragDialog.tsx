import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { zeigeFehler } from '@/lib/errors';
import { hatFehler, istLeer, MSG_PFLICHTFELD, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { type WertelisteEintrag } from '@/lib/wertelisten';
import { type Extra, type WertelisteDefinition, type WertelisteEingabe } from '@/features/systemverwaltung/api/wertelisten';
import { spaltenname } from './spalten';
import { useSpeichereWertelisteEintrag } from '@/features/systemverwaltung/api/speichere-werteliste-eintrag';

// Verbatim (spec 002 §8).
export const MSG_GESPEICHERT = 'Gespeichert';
export const MSG_FEHLER_SPEICHERN = 'Fehler beim Speichern';
/** Beside a field the caller may not change (he keeps only some columns, issue 43). */
export const HINWEIS_NUR_SYSTEMADMIN = 'Diese Angabe kann nur die Systemadministration ändern.';

type Feldwert = string | boolean | (number | string)[];
type Werte = Record<string, Feldwert>;

function anfangswert(x: Extra, roh: unknown): Feldwert {
  switch (x.art) {
    case 'WAHRHEITSWERT':
      return roh === true;
    case 'REFERENZ': {
      const id = roh && typeof roh === 'object' ? (roh as { id?: unknown }).id : roh;
      return id == null || id === '' ? '' : String(id);
    }
    case 'REFERENZEN':
      return Array.isArray(roh) ? roh.map(Number) : [];
    case 'TEXTE':
      return Array.isArray(roh) ? roh.map(String) : [];
    default:
      return roh == null ? '' : String(roh);
  }
}

function werteAus(def: WertelisteDefinition, e?: WertelisteEintrag): Werte {
  const w: Werte = { value: e?.value ?? '' };
  for (const x of def.extras ?? []) w[x.name] = anfangswert(x, e ? (e as Record<string, unknown>)[x.name] : undefined);
  return w;
}

function eingabeAus(def: WertelisteDefinition, w: Werte, version?: number): WertelisteEingabe {
  const out: WertelisteEingabe = { value: String(w.value).trim() };
  for (const x of def.extras ?? []) {
    const v = w[x.name];
    out[x.name] = x.art === 'REFERENZ' ? (v === '' ? null : Number(v)) : typeof v === 'string' ? v.trim() : v;
  }
  if (version !== undefined) out.version = version;
  return out;
}

export interface EintragDialogProps {
  def: WertelisteDefinition;
  /** Without entry: a new one. */
  eintrag?: WertelisteEintrag;
  /** The entries of the lists REFERENZ(EN) columns point to, by list. */
  referenzlisten: Record<string, WertelisteEintrag[] | undefined>;
  /** The only extra columns the caller may change (the server refuses anything else); without: all. */
  nurSpalten?: readonly string[];
  onClose: () => void;
}

/** The edit dialog of a value-list entry: the value and the list's extra columns. */
export function EintragDialog({ def, eintrag, referenzlisten, nurSpalten, onClose }: EintragDialogProps) {
  const formId = useId();
  const basis = useMemo(() => werteAus(def, eintrag), [def, eintrag]);
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Feldfehler>({});
  const [gespeichert, setGespeichert] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const dirty = !gespeichert && JSON.stringify(werte) !== JSON.stringify(basis);
  const felder = useMemo(() => ['value', ...(def.extras ?? []).map((x) => x.name)], [def]);

  const speichern = useSpeichereWertelisteEintrag({
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success(MSG_GESPEICHERT);
      setGespeichert(true);
      onClose();
    },
    onError: (e) => {
      const f = serverFeldfehler(e, felder);
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
        toast.error(MSG_FEHLER_SPEICHERN);
        return;
      }
      zeigeFehler(e, MSG_FEHLER_SPEICHERN);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f: Feldfehler = {};
    if (istLeer(String(werte.value))) f.value = MSG_PFLICHTFELD;
    for (const x of def.extras ?? []) {
      const v = werte[x.name];
      if (x.pflicht && (v === '' || (Array.isArray(v) && v.length === 0))) f[x.name] = MSG_PFLICHTFELD;
    }
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    speichern.mutate({ liste: def.liste, id: eintrag?.id, daten: eingabeAus(def, werte, eintrag?.version) });
  };

  const setze = (k: string, v: Feldwert) => setWerte((w) => ({ ...w, [k]: v }));
  const gesperrt = (name: string) => nurSpalten !== undefined && !nurSpalten.includes(name);
  const hinweis = (name: string) => (gesperrt(name) ? HINWEIS_NUR_SYSTEMADMIN : undefined);

  const feld = (x: Extra) => {
    const label = spaltenname(x);
    const v = werte[x.name];
    switch (x.art) {
      case 'WAHRHEITSWERT':
        return (
          <CheckboxField
            key={x.name}
            label={label}
            name={x.name}
            checked={v === true}
            disabled={gesperrt(x.name)}
            onChange={(c) => setze(x.name, c)}
            error={fehler[x.name]}
          />
        );
      case 'REFERENZ':
        return (
          <FormField key={x.name} label={label} error={fehler[x.name]} required={x.pflicht} hint={hinweis(x.name)}>
            <select name={x.name} className={inputClass} value={String(v)} disabled={gesperrt(x.name)} onChange={(e) => setze(x.name, e.target.value)}>
              <option value="">Keine Auswahl</option>
              {(referenzlisten[x.liste ?? ''] ?? []).map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.value}
                </option>
              ))}
            </select>
          </FormField>
        );
      case 'REFERENZEN':
        return (
          <MehrfachAuswahl<number>
            key={x.name}
            legend={label}
            options={(referenzlisten[x.liste ?? ''] ?? []).map((r) => ({ value: r.id, label: r.value }))}
            value={v as number[]}
            onChange={(n) => setze(x.name, n)}
            disabled={gesperrt(x.name)}
            hint={hinweis(x.name)}
            error={fehler[x.name]}
          />
        );
      case 'TEXTE':
        return (
          <MehrfachAuswahl<string>
            key={x.name}
            legend={label}
            options={(x.auswahl ?? []).map((a) => ({ value: a, label: a }))}
            value={v as string[]}
            onChange={(n) => setze(x.name, n)}
            disabled={gesperrt(x.name)}
            hint={hinweis(x.name)}
            error={fehler[x.name]}
          />
        );
      default:
        return (
          <FormField key={x.name} label={label} error={fehler[x.name]} required={x.pflicht} hint={hinweis(x.name)}>
            <input name={x.name} className={inputClass} value={String(v)} disabled={gesperrt(x.name)} onChange={(e) => setze(x.name, e.target.value)} />
          </FormField>
        );
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`${def.bezeichnung}: ${eintrag ? 'Eintrag bearbeiten' : 'Eintrag hinzufügen'}`}
      width={560}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={speichern.isPending} />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Eintrag" className="flex flex-col gap-4">
        <UnsavedChangesGuard when={dirty} />
        {eintrag && <p className="text-sm text-gray-700">ID: {eintrag.id}</p>}
        <FormField label="Wert" error={fehler.value} required hint={hinweis('value')}>
          <input name="value" className={inputClass} value={String(werte.value)} disabled={gesperrt('value')} onChange={(e) => setze('value', e.target.value)} />
        </FormField>
        {(def.extras ?? []).map(feld)}
      </form>
    </Dialog>
  );
}
