import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Laden } from '@/components/Laden';
import { ApiError } from '@/lib/api';
import { useDarf, useMe, type Ich } from '@/lib/auth';
import { zeigeFehler } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { betreiberQuery, organisationQuery, type BetreiberOrganisation } from '@/features/betrieb/api/auswahl';
import { useBeantrageBetrieb } from '@/features/betrieb/api/beantrage-betrieb';
import { istBetriebstyp, type Betriebstyp } from '@/features/betrieb/api/betrieb';
import { BetriebFormular } from './formular/BetriebFormular';
import { useWerteliste } from '@/components/felder';
import { useBetriebFormular } from './formular/useBetriebFormular';
import { Fehleruebersicht } from '@/components/akte/Fehleruebersicht';
import { betriebFeldname } from '@/features/betrieb/feldnamen';
import { eingabeAus, LEERE_WERTE } from './formular/werte';

// Verbatim texts of spec 000 §8 "Operation request".
export const DOPPELERFASSUNG_TITEL = 'Achtung potentielle Doppelerfassung!';
export const DOPPELERFASSUNG_FRAGE = 'Bitte bestätigen Sie, dass Ihre Angaben korrekt sind und der Betrieb neu erfasst werden soll.';
export const MSG_BEANTRAGT = 'Betrieb erfolgreich beantragt';

/** Whether a refused request is the duplicate check that may be skipped. */
export function istDoppelerfassung(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 400 && e.body.possibleSuppressorFlag === 'skipBetriebExistsCheck';
}

/** Operators and their delegates (global role ORGANISATION) request for their own organisation. */
const organisationsseitig = (ich?: Ich) => ich?.globaleRolle === 'ORGANISATION';

/** Route /betriebsakte/neu/betriebsdaten?typ=…: a new operation, submitted as a request. */
export function BetriebNeu() {
  useDocumentTitle('Neuer Betrieb');
  const [params] = useSearchParams();
  const typ = params.get('typ');
  const me = useMe();
  if (!istBetriebstyp(typ)) {
    return (
      <section aria-labelledby="neu-titel" className="space-y-3">
        <h1 id="neu-titel" className="text-2xl font-semibold">
          Neuer Betrieb
        </h1>
        <p role="alert">Der Betriebstyp „{typ ?? ''}“ ist unbekannt. Bitte wählen Sie den Betriebstyp auf der Startseite.</p>
        <Link to="/" className="text-blue-800 underline">
          Zur Startseite
        </Link>
      </section>
    );
  }
  if (!me.data) return <Laden />;
  return <NeuerBetrieb typ={typ} ich={me.data} />;
}

function NeuerBetrieb({ typ, ich }: { typ: Betriebstyp; ich: Ich }) {
  const navigate = useNavigate();
  const darf = useDarf();
  const betreiberseitig = organisationsseitig(ich);
  const eigene = ich.person?.organisation ?? null;
  const startBetreiber: BetreiberOrganisation | null = betreiberseitig && eigene?.id ? { id: eigene.id, bezeichnung: eigene.bezeichnung ?? '' } : null;
  const form = useBetriebFormular({ ...LEERE_WERTE, betreiber: startBetreiber });
  const { werte, setWerte } = form;
  const [fertig, setFertig] = useState<{ position?: number } | null>(null);
  const [doppelt, setDoppelt] = useState<string | null>(null);
  const typen = useWerteliste('betriebstyp');
  const typText = typen.find((t) => t.schluessel === typ)?.value ?? typ;

  const liste = useQuery({ ...betreiberQuery(typ), enabled: !betreiberseitig });
  // the operator's own organisation: its address for 'Adresse des Betreibers'
  const eigeneOrg = useQuery({ ...organisationQuery(eigene?.id ?? 0), enabled: betreiberseitig && !!eigene?.id });
  useEffect(() => {
    const org = eigeneOrg.data;
    if (org) setWerte((w) => (w.betreiber?.id === org.id ? { ...w, betreiber: { id: org.id, bezeichnung: org.bezeichnung, adresse: org.adresse } } : w));
  }, [eigeneOrg.data, setWerte]);

  const dirty = !fertig && JSON.stringify({ ...werte, betreiber: werte.betreiber?.id }) !== JSON.stringify({ ...LEERE_WERTE, betreiber: startBetreiber?.id });
  useEffect(() => {
    // the start page's list waits for the new operation (minPosition)
    if (fertig && !dirty) navigate('/?reiter=betriebe', { state: { minPosition: fertig.position } }); // the worklist that shows the request
  }, [fertig, dirty, navigate]);

  const beantragen = useBeantrageBetrieb({
    meta: { globalErrorHandling: false },
    onSuccess: (antwort) => {
      toast.success(MSG_BEANTRAGT);
      setFertig({ position: antwort?.position });
    },
    onError: (e) => {
      if (istDoppelerfassung(e)) {
        setDoppelt(e.message);
        return;
      }
      // field errors in the form (summary, fields, tabs); other refusals as a toast
      if (!form.serverfehler(e)) zeigeFehler(e);
    },
  });

  const senden = (skipBetriebExistsCheck: boolean) =>
    beantragen.mutate({ typ, daten: { ...eingabeAus(werte), ...(skipBetriebExistsCheck ? { skipBetriebExistsCheck: true } : {}) } });

  const onBeantragen = () => {
    if (form.pruefen()) senden(false);
  };

  return (
    <section aria-labelledby="neu-titel" className="space-y-4">
      <UnsavedChangesGuard when={dirty} />
      <div>
        <h1 id="neu-titel" className="text-2xl font-semibold">
          Neuer Betrieb
        </h1>
        <p className="text-sm text-gray-700">
          Betriebstyp: {typText}. Der Betrieb wird als Antrag gespeichert und von der Behörde freigegeben.
        </p>
      </div>
      {betreiberseitig && !eigene?.id && (
        <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm">
          Ihrem Zugang ist keine Organisation zugeordnet; ein Betrieb kann nur für die eigene Organisation beantragt werden.
        </p>
      )}
      <Fehleruebersicht fehler={form.fehler} feldname={betriebFeldname} onFeld={form.geheZu} fokus={form.pruefung} />
      <BetriebFormular
        containerRef={form.containerRef}
        werte={werte}
        onChange={setWerte}
        fehler={form.fehler}
        onFehlerChange={form.setFehler}
        betriebstyp={typ}
        kopf={{ betriebstyp: typText }}
        betreiberArt={betreiberseitig ? 'fest' : 'auswahl'}
        betreiberOptionen={liste.data ?? []}
        sperren={{
          alles: false,
          // a new operation starts as GEPLANT (spec 000 §4)
          betriebsstatus: true,
          bearbeiterBearbeitbar: darf('BEARBEITER_ZUORDNEN'),
        }}
        reiter={form.reiter}
        onReiterChange={form.setReiter}
      />
      <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button variant="secondary" onClick={() => navigate('/')}>
          Abbrechen
        </Button>
        <Button onClick={onBeantragen} disabled={beantragen.isPending}>
          Betrieb beantragen
        </Button>
      </div>
      <ConfirmDialog
        open={doppelt !== null}
        title={DOPPELERFASSUNG_TITEL}
        message={
          <div className="space-y-2">
            {doppelt && <p>{doppelt}</p>}
            <p>{DOPPELERFASSUNG_FRAGE}</p>
          </div>
        }
        confirmLabel="Angaben bestätigen"
        onCancel={() => setDoppelt(null)}
        onConfirm={() => {
          setDoppelt(null);
          senden(true);
        }}
      />
    </section>
  );
}
