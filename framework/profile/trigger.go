package profile

import "encoding/json"

// String renders the trigger as plans show it, e.g. "processing-time 30s"
// or "available-now"; a profile without a trigger runs micro-batches as
// fast as possible.
func (t Trigger) String() string {
	switch {
	case t.Interval > 0 || t.Type == TriggerProcessingTime:
		return t.Type + " " + t.Interval.String()
	case t.Type == "":
		return "default (micro-batch as fast as possible)"
	}
	return t.Type
}

// triggerJSON is the JSON shape of a trigger in plans.
type triggerJSON struct {
	Type     string `json:"type"`
	Interval string `json:"interval,omitempty"`
}

// MarshalJSON renders the trigger as {"type": ..., "interval": "30s"}; the
// interval is left out unless set, the position always.
func (t Trigger) MarshalJSON() ([]byte, error) {
	j := triggerJSON{Type: t.Type}
	if t.Interval > 0 || t.Type == TriggerProcessingTime {
		j.Interval = t.Interval.String()
	}
	return json.Marshal(j)
}
