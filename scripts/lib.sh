# Shared by scripts/start and scripts/test (sourced, not run): Debian packages and virtual environments.

# Install Debian packages with apt-get (as root, or through sudo), without questions.
apt_install() {
    local apt_get="apt-get"
    [ "$(id -u)" = 0 ] || apt_get="sudo apt-get"
    $apt_get update -qq
    DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq "$@" >/dev/null
}

# Make the virtual environment $1 unless it is there. Debian's Python refuses `pip install` outside
# one, and makes them only with its python3-venv package.
make_venv() {
    [ -x "$1/bin/python" ] && return
    if ! python3 -m venv "$1" >/dev/null 2>&1; then
        rm -rf "$1"
        apt_install python3-venv
        python3 -m venv "$1"
    fi
    "$1/bin/python" -m pip install -q --upgrade pip
}

# Redis for the solver-job tests: started from Debian's redis-server where none answers on
# 127.0.0.1:$1 (default 6379), without saving to disk: the tests' data is throwaway.
ensure_redis() {
    local port="${1:-6379}"
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        return
    fi
    command -v redis-server >/dev/null 2>&1 || apt_install redis-server
    local run="redis-server"
    [ "$(id -u)" = 0 ] || run="sudo redis-server"
    $run --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no >/dev/null
    for _ in $(seq 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return
        sleep 0.1
    done
    echo "scripts/lib.sh: Redis did not start on 127.0.0.1:$port" >&2
    return 1
}
