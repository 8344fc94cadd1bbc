# Shared by scripts/start and scripts/test (sourced, not run): Debian packages and virtual environments.

# One line on what the script does next, and roughly how long it takes.
say() {
    echo "==> $*"
}

# The SHA-256 of the files under the paths given (their names and contents; __pycache__ left out),
# optionally narrowed by find's tests after the paths (-not -path ...): what a step was made from.
files_digest() {
    local paths=()
    while [ $# -gt 0 ] && [ "${1:0:1}" != "-" ]; do
        paths+=("$1")
        shift
    done
    find "${paths[@]}" -type f -not -path '*/__pycache__/*' "$@" -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}

# True when stamp file $1 holds digest $2: the step it stamps ran on these very inputs, and succeeded.
stamp_matches() {
    [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

# Install Debian packages with apt-get (as root, or through sudo), without questions.
apt_install() {
    local apt_get="apt-get"
    [ "$(id -u)" = 0 ] || apt_get="sudo apt-get"
    say "Installing Debian's $* (apt-get: a minute or two, once)..."
    $apt_get update -qq
    DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq "$@" >/dev/null
}

# Make the virtual environment $1 unless it is there. Debian's Python refuses `pip install` outside
# one, and makes them only with its python3-venv package.
make_venv() {
    [ -x "$1/bin/python" ] && return
    say "Creating the virtual environment $1 (seconds, once)..."
    if ! python3 -m venv "$1" >/dev/null 2>&1; then
        rm -rf "$1"
        apt_install python3-venv
        python3 -m venv "$1"
    fi
    "$1/bin/python" -m pip install -q --upgrade pip
}

# pip install into the virtual environment $1 (the rest are pip's arguments), its progress shown a
# line a package (what it collects, builds and installed) and a line every half minute while one
# builds; pip's whole output goes to $1/pip.log, and is shown when it fails.
pip_install() {
    local - venv=$1 log=$1/pip.log began=$SECONDS ticker status=0
    set -o pipefail
    shift
    # (its sleep, left running when the loop is ended, must not hold the output open: a pipe would wait)
    (while sleep 30 >/dev/null 2>&1 && kill -0 $$ 2>/dev/null; do echo "    ... $((SECONDS - began)) s"; done) &
    ticker=$!
    "$venv/bin/python" -m pip install --progress-bar off --disable-pip-version-check "$@" 2>&1 | tee "$log" |
        { grep --line-buffered -E '^ *(Collecting|Building wheel|Successfully installed)' || true; } |
        sed -u -e 's/^ */    /' -e 's/ (from .*//' || status=$?
    kill "$ticker" 2>/dev/null
    wait "$ticker" 2>/dev/null || true
    if [ "$status" != 0 ]; then
        echo "pip failed ($log):" >&2
        cat "$log" >&2
        return "$status"
    fi
}

# Run as root (directly, or through sudo).
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# True when something accepts TCP connections on host $1, port $2.
port_answers() {
    (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

# PostgreSQL for the tests, on 127.0.0.1:5432: when none answers there, Debian's package, its
# cluster started (made to trust connections from this machine: it is a test machine), and the
# database `spider_tests` that the tests make their schemas in (tests/postgres.py, which makes it
# too when it is missing).
ensure_postgresql() {
    if ! port_answers 127.0.0.1 5432; then
        [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql)" ] || apt_install postgresql
        local version hba
        version=$(ls /etc/postgresql | sort -V | tail -n 1)
        hba="/etc/postgresql/$version/main/pg_hba.conf"
        as_root grep -q '^host all all 127.0.0.1/32 trust' "$hba" || as_root sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
        if port_answers 127.0.0.1 5432; then  # the package's install started it: read the trust line
            as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
        else
            as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
        fi
        for _ in $(seq 50); do port_answers 127.0.0.1 5432 && break; sleep 0.2; done
    fi
    command -v psql >/dev/null 2>&1 || return 0  # a server of its own (another host?): the tests say if it fails
    local psql=(psql -h 127.0.0.1 -U postgres -d postgres -qtA)
    if ! "${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = 'spider_tests'" | grep -q 1; then
        "${psql[@]}" -c "CREATE DATABASE spider_tests"
    fi
}

# Redis for the solver-job tests: when none answers on 127.0.0.1:$1 (default 6379), Debian's
# redis-server started there, without saving to disk (the tests' data is throwaway).
ensure_redis() {
    local port="${1:-6379}"
    port_answers 127.0.0.1 "$port" && return
    command -v redis-server >/dev/null 2>&1 || apt_install redis-server
    as_root redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no >/dev/null
    for _ in $(seq 50); do port_answers 127.0.0.1 "$port" && return; sleep 0.1; done
    echo "scripts/lib.sh: Redis did not start on 127.0.0.1:$port" >&2
    return 1
}

# Debian's nginx, for the test that runs deploy/nginx.conf in front of the app (tests/web/test_proxy_nginx.py
# starts its own on a free loopback port). Debian's package starts the nginx service at install (its
# default site, on port 80 of every address): stopped and disabled again, the tests need only the program.
ensure_nginx() {
    if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then return; fi  # sbin: not on a user's PATH
    apt_install nginx
    if [ -d /run/systemd/system ]; then
        as_root systemctl disable --now nginx >/dev/null 2>&1 || true
    else
        as_root service nginx stop >/dev/null 2>&1 || true
    fi
}

# A C compiler and Python's headers, for the compiled solver (setup.py, SPIDER_COMPILE=1).
# Without them the build still works, on the pure-Python modules.
ensure_compiler() {
    local include
    include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
    command -v cc >/dev/null 2>&1 && [ -f "$include/Python.h" ] && return
    apt_install gcc libc6-dev python3-dev
}

# Node and npm, Debian's, when missing (the front end's bundle and checks).
ensure_node() {
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && return
    apt_install nodejs npm
}

# The front end's production bundle (frontend/build.mjs writes spider/web/static/dist, which the
# package then carries): the bundler as pinned in frontend/package-lock.json, installed again only
# when the lock file changes; the bundle made again only when its inputs (spider/web/static, frontend/'s
# own files) changed since the build that stamp file $1 (optional) records, or when dist/ was rebuilt
# or removed since (tests/frontend_build.py rebuilds it).
build_frontend() {
    ensure_node
    if ! cmp -s frontend/package-lock.json frontend/node_modules/.installed-lock.json; then
        say "Installing the bundler (npm ci, frontend/package-lock.json: a minute, once)..."
        (cd frontend && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.installed-lock.json)
    fi
    local stamp=${1:-} digest manifest=spider/web/static/dist/manifest.json
    digest=$(files_digest spider/web/static frontend -not -path 'spider/web/static/dist/*' \
        -not -path 'frontend/node_modules/*' -not -path 'frontend/.build/*')
    if [ -n "$stamp" ] && stamp_matches "$stamp" "$digest" && [ -f "$manifest" ] && ! [ "$manifest" -nt "$stamp" ]; then
        return
    fi
    say "Bundling the front end (node frontend/build.mjs: seconds)..."
    node frontend/build.mjs
    [ -z "$stamp" ] || echo "$digest" >"$stamp"
}

# ICU's headers and a C++ compiler, for PyICU (the look-alike names' check, spider/daily/confusables.py),
# which PyPI has as source only: pip builds it against the libicu Debian has.
ensure_icu() {
    command -v g++ >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 && pkg-config --exists icu-i18n && return
    apt_install g++ pkg-config libicu-dev python3-dev
}
