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
