package antrag

import (
	"strings"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// The Freigabe states every object that is requested and then approved or refused shares (the
// operation, the measuring point, the Bescheid to come).
const (
	Beantragt   = "BEANTRAGT"
	Freigegeben = "FREIGEGEBEN"
	Abgewiesen  = "ABGEWIESEN"
)

// MsgNeuerStatus is the answer to a decision that names neither state.
const MsgNeuerStatus = "Der neue Status muss FREIGEGEBEN oder ABGEWIESEN sein."

// Freigabetexte are the area's words for a decision it cannot take: the object does not wait
// for one, and a refusal without the comment that tells the applicant why.
type Freigabetexte struct {
	NichtBeantragt string
	Begruendung    string
}

// EntscheideFreigabe is the one rule of a Freigabe decision on an object with status status:
// only a requested object is decided, the comment is trimmed and within the length table, the
// new status is FREIGEGEBEN or ABGEWIESEN, and a refusal says why. It answers whether the
// object is approved and the comment to record.
func EntscheideFreigabe(status, neuerStatus, kommentar string, t Freigabetexte) (freigegeben bool, k string, err error) {
	if status != Beantragt {
		return false, "", validierung.Regel(t.NichtBeantragt)
	}
	k = strings.TrimSpace(kommentar)
	if err := validierung.Laenge("kommentar", k); err != nil {
		return false, "", err
	}
	switch neuerStatus {
	case Freigegeben:
		return true, k, nil
	case Abgewiesen:
		if k == "" {
			return false, "", validierung.Feld("kommentar", t.Begruendung)
		}
		return false, k, nil
	}
	return false, "", validierung.Feld("neuerStatus", MsgNeuerStatus)
}
