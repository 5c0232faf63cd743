# eAbwasser — the README names `make run` and `make test`.
GO      ?= go
BIN     := bin/eabwasser
NPM     ?= npm
FRONTEND := frontend

.PHONY: run build test repo-check go-test api-lint api-bundle frontend-test e2e frontend-deps frontend-build bench lint fmt clean

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
test: repo-check go-test api-lint frontend-test e2e

## repo-check: no tracked file over 1 MB but the allowed ones — build outputs never go into the
## repository (a 52 MB binary once did); the lock files and the bench results may grow
GROSS_ERLAUBT := frontend/package-lock.json go.sum bench/results/latest.json
repo-check:
	@gross=$$(git ls-files -z | xargs -0 -r stat -c '%s %n' 2>/dev/null | awk '$$1 > 1048576 {print $$2}' \
		| grep -v -x -F $(addprefix -e ,$(GROSS_ERLAUBT)) || true); \
	if [ -n "$$gross" ]; then echo "Dateien über 1 MB im Repository (Build-Ausgaben gehören nicht hinein):"; echo "$$gross"; exit 1; fi

## go-test: the packages' tests wait on conditions; go test's default of 10 minutes a package is
## no such condition (httpapi takes 6–8 minutes alone and more on a busy machine)
go-test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 60m ./...

## api-lint: httpapi/openapi.yaml is the fresh bundle of httpapi/openapi/*.yaml, and passes
## Redocly's recommended rules (httpapi/redocly.yaml)
api-lint: frontend-deps
	cd $(FRONTEND) && $(NPM) run lint:api

## api-bundle: bundle the API document's area files (httpapi/openapi/*.yaml) into
## httpapi/openapi.yaml, the document the server embeds (commit it)
api-bundle: frontend-deps
	cd $(FRONTEND) && $(NPM) run bundle:api

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
