// Package natsbus connects eAbwasser to NATS JetStream: an embedded server when no NATS_URL
// is configured, the events stream, and the Watermill publisher and subscribers on it.
package natsbus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wmnats "github.com/ThreeDotsLabs/watermill-nats/v2/pkg/nats"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The events stream: every event of the store, on subject eabwasser.events.<stream type>.<event type>.
const (
	StreamName    = "EABWASSER_EVENTS"
	SubjectPrefix = "eabwasser.events"
	AllSubjects   = SubjectPrefix + ".>"
)

// StartEmbedded starts a NATS server with JetStream in this process, storing under dir and
// listening on a free port of 127.0.0.1 (port 0) or on the given one.
func StartEmbedded(dir string, port int) (*server.Server, error) {
	if port == 0 {
		port = server.RANDOM_PORT
	}
	opts := &server.Options{
		Host: "127.0.0.1", Port: port, JetStream: true, StoreDir: dir,
		NoSigs: true, NoLog: true,
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, err
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, errors.New("eingebetteter NATS-Server startet nicht")
	}
	return ns, nil
}

// Connect opens a connection that reconnects for ever: commands must keep working, and the
// relay and projectors resume, whenever NATS comes back.
func Connect(url, name string, log *slog.Logger) (*nats.Conn, error) {
	return nats.Connect(url,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.RetryOnFailedConnect(true),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("NATS getrennt", "error", err)
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) { log.Info("NATS wieder verbunden", "url", c.ConnectedUrl()) }),
	)
}

// EnsureStream creates or updates the events stream. Duplicates within the window are
// dropped by JetStream using the Nats-Msg-Id header (the global position).
// replicas is the number of copies in a NATS cluster (NATS_REPLICAS; 1 for a single server).
func EnsureStream(ctx context.Context, nc *nats.Conn, replicas int) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       StreamName,
		Subjects:   []string{AllSubjects},
		Storage:    jetstream.FileStorage,
		Duplicates: 2 * time.Minute,
		MaxAge:     7 * 24 * time.Hour,
		Replicas:   max(replicas, 1),
	})
	if err != nil {
		return fmt.Errorf("JetStream-Stream %s: %w", StreamName, err)
	}
	return nil
}

// Ping checks that the server answers and JetStream is available.
func Ping(ctx context.Context, nc *nats.Conn) error {
	if !nc.IsConnected() {
		return errors.New("NATS ist nicht verbunden")
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	_, err = js.AccountInfo(ctx)
	return err
}

// Publisher is the relay's Watermill publisher; the message UUID becomes Nats-Msg-Id. When a
// publish fails because the stream is missing (NATS was down at start, or came back without
// its data), it creates the stream and tries once more.
type Publisher struct {
	wm       *wmnats.Publisher
	nc       *nats.Conn
	replicas int
}

// Publish sends messages to the subject topic.
func (p *Publisher) Publish(topic string, msgs ...*message.Message) error {
	err := p.wm.Publish(topic, msgs...)
	if err == nil || !p.nc.IsConnected() {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if EnsureStream(ctx, p.nc, p.replicas) != nil {
		return err
	}
	return p.wm.Publish(topic, msgs...)
}

// Close does not close the shared connection.
func (p *Publisher) Close() error { return nil }

// NewPublisher returns the relay's publisher on nc; a stream it has to create again gets
// replicas copies.
func NewPublisher(nc *nats.Conn, replicas int) (*Publisher, error) {
	wm, err := newWatermillPublisher(nc)
	return &Publisher{wm: wm, nc: nc, replicas: replicas}, err
}

func newWatermillPublisher(nc *nats.Conn) (*wmnats.Publisher, error) {
	return wmnats.NewPublisherWithNatsConn(nc, wmnats.PublisherPublishConfig{
		Marshaler:         &wmnats.NATSMarshaler{},
		SubjectCalculator: wmnats.DefaultSubjectCalculator,
		JetStream: wmnats.JetStreamConfig{
			TrackMsgId:     true,
			PublishOptions: []nats.PubOpt{nats.AckWait(5 * time.Second)},
		},
	}, watermill.NopLogger{})
}

// Consumer returns the durable pull consumer of the events stream for a projector: every
// message, acknowledged explicitly, at most 256 unacknowledged. Consumers of earlier releases
// were push consumers under the same name; one is replaced, since a message only wakes its
// projector (the checkpoint lives in Postgres), so no message of it has to be kept.
func Consumer(ctx context.Context, js jetstream.JetStream, durable string) (jetstream.Consumer, error) {
	cfg := jetstream.ConsumerConfig{
		Durable:       durable,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxAckPending: 256,
		FilterSubject: AllSubjects,
	}
	c, err := js.CreateOrUpdateConsumer(ctx, StreamName, cfg)
	if err == nil {
		return c, nil
	}
	alt, ierr := js.Consumer(ctx, StreamName, durable)
	if ierr != nil || alt.CachedInfo().Config.DeliverSubject == "" {
		return nil, err
	}
	if err := js.DeleteConsumer(ctx, StreamName, durable); err != nil {
		return nil, err
	}
	return js.CreateOrUpdateConsumer(ctx, StreamName, cfg)
}

// SubscribeFunc opens the durable consumer "eabwasser_<name>" on all events, for the
// projector runtime (projections.Subscribe). It pulls: the client sees the server's
// heartbeats and pulls again after a reconnect or a missed heartbeat, so delivery resumes when
// a cluster node — or the consumer's leader — goes down (a push consumer stalled then). Each
// message is handed on as a Watermill message and acknowledged (or not) as the projector says.
func SubscribeFunc(nc *nats.Conn) func(ctx context.Context, name string) (<-chan *message.Message, func() error, error) {
	return func(ctx context.Context, name string) (<-chan *message.Message, func() error, error) {
		js, err := jetstream.New(nc)
		if err != nil {
			return nil, nil, err
		}
		c, err := Consumer(ctx, js, "eabwasser_"+name)
		if err != nil {
			return nil, nil, err
		}
		it, err := c.Messages(jetstream.PullExpiry(5*time.Second), jetstream.PullMaxMessages(64))
		if err != nil {
			return nil, nil, err
		}
		ctx, cancel := context.WithCancel(ctx)
		out := make(chan *message.Message)
		fertig := make(chan struct{})
		go func() {
			defer close(fertig)
			defer close(out)
			for {
				m, err := it.Next(jetstream.NextContext(ctx))
				switch {
				case ctx.Err() != nil || errors.Is(err, jetstream.ErrMsgIteratorClosed):
					return
				case err != nil:
					continue
				}
				if !weitergeben(ctx, m, out) {
					return
				}
			}
		}()
		return out, func() error {
			cancel()
			it.Stop()
			<-fertig
			return nil
		}, nil
	}
}

// weitergeben hands m to the projector and acknowledges it as the projector does; false when
// ctx ended first.
func weitergeben(ctx context.Context, m jetstream.Msg, out chan<- *message.Message) bool {
	msg, err := (&wmnats.NATSMarshaler{}).Unmarshal(&nats.Msg{Subject: m.Subject(), Data: m.Data(), Header: m.Headers()})
	if err != nil {
		_ = m.Term() // not a message of the relay: nobody can apply it
		return true
	}
	msg.SetContext(ctx)
	select {
	case out <- msg:
	case <-ctx.Done():
		return false
	}
	select {
	case <-msg.Acked():
		_ = m.Ack()
	case <-msg.Nacked():
		_ = m.Nak()
	case <-ctx.Done():
		return false
	}
	return true
}
