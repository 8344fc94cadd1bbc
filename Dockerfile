# The app's image: `spider serve` (N app workers) and `spider worker` (solver jobs) both run from it.
# Configured by SPIDER_… environment variables (spider/config.py); see docs/HOSTING.md.
# The front end's production bundle (frontend/build.mjs), made in a Node stage of its own: the image
# carries the bundle, not Node.
FROM node:20-slim AS frontend
WORKDIR /src
COPY frontend/package.json frontend/package-lock.json frontend/
RUN cd frontend && npm ci --no-audit --no-fund --loglevel=error
COPY frontend/build.mjs frontend/
COPY spider/web/static spider/web/static
RUN node frontend/build.mjs

FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /srv/spider
COPY pyproject.toml setup.py README.md ./
COPY spider ./spider
COPY --from=frontend /src/spider/web/static/dist ./spider/web/static/dist
# The solver's hot path compiled with mypyc (setup.py), and PyICU built against Debian's ICU; the
# compilers and headers are removed again afterwards, ICU's run-time library kept.
RUN apt-get update && apt-get install -y --no-install-recommends gcc g++ libc6-dev pkg-config libicu-dev \
    && SPIDER_COMPILE=1 pip install . \
    && apt-mark manual $(dpkg-query -W -f '${Package}\n' 'libicu[0-9]*') \
    && apt-get purge -y gcc g++ libc6-dev pkg-config libicu-dev && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --no-create-home spider
USER spider

# Listen on every interface of the container; the proxy in front is the only way in (compose.yaml).
ENV SPIDER_HOST=0.0.0.0 SPIDER_PORT=8000 SPIDER_LOG_LEVEL=info
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=2)"]
# SIGTERM (docker stop) lets in-flight requests finish within SPIDER_SHUTDOWN_SECONDS, then ends solver work.
STOPSIGNAL SIGTERM
CMD ["spider", "serve"]
