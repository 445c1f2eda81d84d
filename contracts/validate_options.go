package contracts

import "time"

// DefaultMaxPayloadBytes is the payload size limit when neither the
// contract (max_payload=) nor an option sets one: 1 MiB.
const DefaultMaxPayloadBytes = 1 << 20

// Option tunes a validator.
type Option func(*options)

type options struct {
	clock    func() time.Time
	maxBytes int
	unknown  UnknownFieldPolicy
}

// WithClock sets the clock that stamps Rejection.ObservedAt (default
// time.Now). Its result is converted to UTC.
func WithClock(clock func() time.Time) Option { return func(o *options) { o.clock = clock } }

// WithMaxPayloadBytes overrides the payload size limit; n <= 0 keeps the
// contract's limit.
func WithMaxPayloadBytes(n int) Option { return func(o *options) { o.maxBytes = n } }

// WithUnknownFields overrides the contract's unknown-field policy.
func WithUnknownFields(p UnknownFieldPolicy) Option { return func(o *options) { o.unknown = p } }

// resolve applies opts over the contract's own settings.
func resolve(c *Contract, opts []Option) options {
	o := options{clock: time.Now, maxBytes: c.MaxPayloadBytes, unknown: c.UnknownFields}
	for _, opt := range opts {
		opt(&o)
	}
	if o.maxBytes <= 0 {
		o.maxBytes = c.MaxPayloadBytes
	}
	if o.maxBytes <= 0 {
		o.maxBytes = DefaultMaxPayloadBytes
	}
	if o.clock == nil {
		o.clock = time.Now
	}
	return o
}
