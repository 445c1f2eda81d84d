package sparkui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// maxBody bounds one API response: a stage with details lists its tasks.
const maxBody = 64 << 20

// Client reads one application's status API.
type Client struct {
	// URL is the driver UI's base URL, e.g. http://127.0.0.1:4040.
	URL string
	// App is the application id (spark.app.id).
	App string
	// HTTP is the client used; nil means one with a 10 s timeout.
	HTTP *http.Client
}

// Endpoint is where a driver's UI listens, as a Spark session's conf
// says: spark.driver.host, spark.ui.port (4040 when unset) and
// spark.ui.enabled.
func Endpoint(driverHost, uiPort, uiEnabled string) (string, error) {
	if strings.EqualFold(strings.TrimSpace(uiEnabled), "false") {
		return "", errors.New("spark.ui.enabled is false")
	}
	host := strings.TrimSpace(driverHost)
	if host == "" {
		return "", errors.New("spark.driver.host is not set")
	}
	port := strings.TrimSpace(uiPort)
	if port == "" || port == "<undefined>" {
		port = "4040"
	}
	if n, err := strconv.Atoi(port); err != nil || n <= 0 || n > 65535 {
		return "", fmt.Errorf("spark.ui.port %q is not a port", port)
	}
	u := url.URL{Scheme: "http", Host: host + ":" + port}
	if strings.Contains(host, ":") { // IPv6 literal
		u.Host = "[" + host + "]:" + port
	}
	return u.String(), nil
}

// StatusError is an API answer other than 200 OK.
type StatusError struct {
	// URL is what was read.
	URL string
	// Code and Status are the HTTP status code and line.
	Code   int
	Status string
}

// Error implements error.
func (e *StatusError) Error() string { return "sparkui: GET " + e.URL + ": " + e.Status }

// notFound reports whether err is a 404 answer: the UI no longer (or not
// yet) holds what was asked.
func notFound(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Code == http.StatusNotFound
}

// get decodes one API path of the application into v.
func (c Client) get(ctx context.Context, path string, v any) error {
	if c.URL == "" || c.App == "" {
		return errors.New("sparkui: no UI URL or application id")
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	u := strings.TrimRight(c.URL, "/") + "/api/v1/applications/" + url.PathEscape(c.App) + path
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("sparkui: %w", err)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("sparkui: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return &StatusError{URL: u, Code: resp.StatusCode, Status: resp.Status}
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxBody)).Decode(v); err != nil {
		return fmt.Errorf("sparkui: GET %s: %w", u, err)
	}
	return nil
}
