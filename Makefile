# eAbwasser — the README names `make run` and `make test`.
GO      ?= go
BIN     := bin/eabwasser
NPM     ?= npm
FRONTEND := frontend

.PHONY: run build test go-test api-lint frontend-test e2e frontend-deps frontend-build bench lint fmt clean

## run: fresh machine to a working app on http://localhost:8080/eAbwasser/ with demo data
run: build
	$(BIN) migrate
	$(BIN) seed --demo
	$(BIN) serve

## build: bin/eabwasser with the production frontend embedded
build: frontend-build
	$(GO) build -o $(BIN) ./cmd/eabwasser

frontend-deps: $(FRONTEND)/node_modules/.package-lock.json

$(FRONTEND)/node_modules/.package-lock.json: $(FRONTEND)/package-lock.json $(FRONTEND)/package.json
	cd $(FRONTEND) && $(NPM) ci --no-audit --no-fund
	@touch $@

frontend-build: frontend-deps
	cd $(FRONTEND) && $(NPM) run build

## test: every test — Go (real Postgres and NATS), frontend unit tests, browser tests
test: go-test api-lint frontend-test e2e

go-test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

## api-lint: httpapi/openapi.yaml against Redocly's recommended rules (httpapi/redocly.yaml)
api-lint: frontend-deps
	cd $(FRONTEND) && $(NPM) run lint:api

frontend-test: frontend-deps
	cd $(FRONTEND) && $(NPM) run lint && $(NPM) test

e2e: build
	cd $(FRONTEND) && EABWASSER_BIN=$(CURDIR)/$(BIN) $(NPM) run e2e

## bench: benchmarks (never part of make test): own database, real server; writes
## bench/results/latest.json and the table of docs/benchmarks.md (scales 5 and 20: 40–60 minutes)
bench: build
	$(BIN) bench

lint:
	gofmt -l . | grep -v node_modules | (! grep .)
	$(GO) vet ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin $(FRONTEND)/dist/assets $(FRONTEND)/dist/index.html
