import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { CheckboxField, FormMeldung } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { TransferList, type TransferItem } from '@/components/TransferList';
import { ApiError } from '@/lib/api';
import { zeigeFehler } from '@/lib/errors';
import { serverFeldfehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { useSpeicherePersonalisierung } from '@/features/personalisierung/api/speichere-personalisierung';
import {
  auswahlQuery,
  personalisierungQuery,
  type Auswahlen,
  type Filterfeld,
  type Personalisierung,
} from '@/features/personalisierung/api/personalisierung';
import { personalisierungKeys } from '@/features/personalisierung/api/keys';

// Texts of the screen (the spec names the fields, not their labels; the saved message is the
// server's, this one only stands in when it sends none).
export const MSG_GESPEICHERT = 'Die Personalisierung wurde erfolgreich gespeichert.';
export const LABEL_AKTIV = 'Personalisierte Filter aktiv';
export const LABEL_MAIL_NACHRICHTEN = 'Benachrichtigung per E-Mail bei neuen Nachrichten';
export const LABEL_MAIL_WIEDERVORLAGE = 'Benachrichtigung per E-Mail bei fälligen Wiedervorlagen';

/** The four filters, in the order of the spec's entity, with their labels. */
export const FILTER: readonly { feld: Filterfeld; label: string }[] = [
  { feld: 'betriebstyp', label: 'Betriebstyp' },
  { feld: 'anlagentyp', label: 'Anlagentyp' },
  { feld: 'messstellentyp', label: 'Messstellentyp' },
  { feld: 'verwaltungseinheit', label: 'Verwaltungseinheit' },
];

/** The form: every filter as the identifiers of its choices (Verwaltungseinheit ids as text). */
interface Werte {
  active: boolean;
  betriebstyp: string[];
  anlagentyp: string[];
  messstellentyp: string[];
  verwaltungseinheit: string[];
  sendMailOnNachrichten: boolean;
  sendMailOnWiedervorlage: boolean;
}

export function werteAus(p: Personalisierung): Werte {
  return {
    active: p.active ?? false,
    betriebstyp: [...(p.betriebstyp ?? [])],
    anlagentyp: [...(p.anlagentyp ?? [])],
    messstellentyp: [...(p.messstellentyp ?? [])],
    verwaltungseinheit: (p.verwaltungseinheit ?? []).map(String),
    sendMailOnNachrichten: p.sendMailOnNachrichten ?? false,
    sendMailOnWiedervorlage: p.sendMailOnWiedervorlage ?? false,
  };
}

/** The body of PUT /api/personalisierung: the whole settings with the version they were loaded at. */
export function personalisierungAus(w: Werte, version: number): Personalisierung {
  return {
    active: w.active,
    betriebstyp: w.betriebstyp,
    anlagentyp: w.anlagentyp,
    messstellentyp: w.messstellentyp,
    verwaltungseinheit: w.verwaltungseinheit.map(Number),
    sendMailOnNachrichten: w.sendMailOnNachrichten,
    sendMailOnWiedervorlage: w.sendMailOnWiedervorlage,
    version,
  };
}

/** Equal settings, whatever the order of the chosen entries. */
function gleich(a: Werte, b: Werte): boolean {
  const norm = (w: Werte) =>
    JSON.stringify({
      ...w,
      betriebstyp: [...w.betriebstyp].sort(),
      anlagentyp: [...w.anlagentyp].sort(),
      messstellentyp: [...w.messstellentyp].sort(),
      verwaltungseinheit: [...w.verwaltungseinheit].sort(),
    });
  return norm(a) === norm(b);
}

/** Everything a filter offers (chosen and not chosen), alphabetically. */
function eintraege(auswahlen: Auswahlen, feld: Filterfeld): TransferItem[] {
  const a = auswahlen[feld];
  return [...(a?.aktiv ?? []), ...(a?.inaktiv ?? [])]
    .map((w) => ({ id: w.id ?? '', label: w.value ?? w.id ?? '' }))
    .filter((i) => i.id !== '')
    .sort((x, y) => x.label.localeCompare(y.label, 'de'));
}

/**
 * Route /personalisierung (spec 002 §2 Personalisation): the filters the start page's
 * worklists start with when they are active, and the e-mail notifications.
 */
export function PersonalisierungSeite() {
  useDocumentTitle('Personalisierung');
  const queryClient = useQueryClient();
  const einstellungen = useQuery(personalisierungQuery());
  const auswahl = useQuery(auswahlQuery());
  const [konflikt, setKonflikt] = useState<string | null>(null);

  const neuLaden = async () => {
    await queryClient.invalidateQueries({ queryKey: personalisierungKeys.all });
    setKonflikt(null);
  };

  return (
    <section aria-labelledby="personalisierung-titel" className="space-y-4">
      <h1 id="personalisierung-titel" className="text-2xl font-semibold">
        Personalisierung
      </h1>
      <p>
        Legen Sie fest, mit welchen Filtern die Arbeitslisten Ihrer Startseite beginnen und worüber Sie zusätzlich per
        E-Mail benachrichtigt werden.
      </p>
      {einstellungen.isPending || auswahl.isPending ? (
        <Laden />
      ) : einstellungen.isError || auswahl.isError ? (
        <p className="text-red-700">Die Personalisierung konnte nicht geladen werden.</p>
      ) : (
        <Formular
          // a save (or a reload after a conflict) brings a new version: the form starts again from it
          key={einstellungen.data.version ?? 0}
          daten={einstellungen.data}
          auswahlen={auswahl.data}
          konflikt={konflikt}
          onKonflikt={setKonflikt}
          onNeuLaden={() => void neuLaden()}
        />
      )}
    </section>
  );
}

interface FormularProps {
  daten: Personalisierung;
  auswahlen: Auswahlen;
  konflikt: string | null;
  onKonflikt: (meldung: string) => void;
  onNeuLaden: () => void;
}

function Formular({ daten, auswahlen, konflikt, onKonflikt, onNeuLaden }: FormularProps) {
  const formId = useId();
  // what is saved: the loaded settings, then what the last save sent
  const [gespeichert, setGespeichert] = useState(() => werteAus(daten));
  const [werte, setWerte] = useState(gespeichert);
  const [fehler, setFehler] = useState<Feldfehler<Filterfeld>>({});
  const dirty = !gleich(werte, gespeichert);
  const items = useMemo(
    () => Object.fromEntries(FILTER.map(({ feld }) => [feld, eintraege(auswahlen, feld)])) as Record<Filterfeld, TransferItem[]>,
    [auswahlen],
  );

  const speichern = useSpeicherePersonalisierung({
    // the server's refusal texts are the message (409 here, in the form)
    meta: { globalErrorHandling: false },
    onSuccess: (antwort, gesendet) => {
      setGespeichert(werteAus(gesendet));
      toast.success(antwort.message || MSG_GESPEICHERT);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) {
        onKonflikt(e.message || 'Die Personalisierung wurde inzwischen geändert.');
        return;
      }
      setFehler(serverFeldfehler(e, FILTER.map((f) => f.feld)));
      zeigeFehler(e, 'Fehler beim Speichern');
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFehler({});
    speichern.mutate(personalisierungAus(werte, daten.version ?? 0));
  };

  const setze = <K extends keyof Werte>(feld: K, wert: Werte[K]) => {
    setWerte((w) => ({ ...w, [feld]: wert }));
    if (feld in fehler) setFehler((f) => ({ ...f, [feld]: undefined }));
  };

  return (
    <form id={formId} noValidate onSubmit={onSubmit} aria-label="Personalisierung" className="space-y-6">
      {konflikt && (
        <div className="space-y-2">
          <FormMeldung>{konflikt}</FormMeldung>
          <Button variant="secondary" onClick={onNeuLaden}>
            Neu laden
          </Button>
          <p className="text-sm text-gray-700">Neu laden verwirft Ihre Änderungen und zeigt den gespeicherten Stand.</p>
        </div>
      )}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Filter der Arbeitslisten</legend>
        <CheckboxField label={LABEL_AKTIV} name="active" checked={werte.active} onChange={(v) => setze('active', v)} />
        <p className="text-sm text-gray-700">
          Sind die personalisierten Filter aktiv, beginnen die Arbeitslisten der Startseite mit den hier zugeordneten Einträgen;
          ohne Zuordnung filtert ein Filter nichts.
        </p>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {FILTER.map(({ feld, label }) => (
            <TransferList<string>
              key={feld}
              label={label}
              items={items[feld]}
              value={werte[feld]}
              onChange={(v) => setze(feld, v)}
              error={fehler[feld]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">Benachrichtigungen</legend>
        <CheckboxField
          label={LABEL_MAIL_NACHRICHTEN}
          name="sendMailOnNachrichten"
          checked={werte.sendMailOnNachrichten}
          onChange={(v) => setze('sendMailOnNachrichten', v)}
        />
        <CheckboxField
          label={LABEL_MAIL_WIEDERVORLAGE}
          name="sendMailOnWiedervorlage"
          checked={werte.sendMailOnWiedervorlage}
          onChange={(v) => setze('sendMailOnWiedervorlage', v)}
        />
      </fieldset>
      <div className="flex justify-end border-t border-gray-200 pt-4">
        <Button type="submit" disabled={speichern.isPending}>
          Speichern
        </Button>
      </div>
      <UnsavedChangesGuard when={dirty} />
    </form>
  );
}
