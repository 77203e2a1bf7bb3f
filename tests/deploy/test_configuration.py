"""docker-compose.yml cannot run here, so it is checked against the files it shares with the
CI stack test (tests/stack/run.sh): nginx's template, gunicorn's configurations (the pages'
threaded server and the live streams' ASGI server), the trusted proxy network, and the health
checks."""

import ipaddress
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "nginx" / "nginx.conf.template"
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]


def template_variables() -> set[str]:
    return set(re.findall(r"\$\{(\w+)\}", TEMPLATE.read_text()))


def test_only_nginx_publishes_ports_and_gunicorn_uses_the_shared_configuration():
    assert [name for name, service in SERVICES.items() if "ports" in service] == ["proxy"]
    assert "deploy/gunicorn.conf.py" in SERVICES["web"]["command"]
    assert '"deploy/gunicorn.conf.py"' in (ROOT / "Dockerfile").read_text()
    assert "deploy/gunicorn.conf.py" in (ROOT / "tests/stack/run.sh").read_text()


def test_the_live_streams_have_their_own_asgi_server_in_compose_and_the_stack_test():
    live_server = "mafia_mod.asgi:application -c deploy/gunicorn_live.conf.py"
    assert live_server in SERVICES["live"]["command"]
    assert live_server in (ROOT / "tests/stack/run.sh").read_text()
    assert "uvicorn" in (ROOT / "deploy/gunicorn_live.conf.py").read_text()
    assert SERVICES["proxy"]["environment"]["MAFIA_LIVE_UPSTREAM"] == "live:8001"
    assert SERVICES["live"]["expose"] == ["8001"]


def test_nginx_passes_the_live_streams_on_unbuffered_and_keeps_them_open():
    (block,) = re.findall(r"location /live/ \{(.*?)\}", TEMPLATE.read_text(), re.DOTALL)
    assert "proxy_pass http://live;" in block
    assert "proxy_buffering off;" in block
    (read_timeout,) = re.findall(r"proxy_read_timeout (\d+)h;", block)
    assert int(read_timeout) >= 1


def test_compose_and_the_stack_test_fill_in_every_variable_of_the_nginx_template():
    variables = template_variables()
    assert variables and all(name.startswith("MAFIA_") for name in variables)
    proxy = SERVICES["proxy"]
    assert variables <= set(proxy["environment"])
    assert re.match(proxy["environment"]["NGINX_ENVSUBST_FILTER"], "MAFIA_UPSTREAM")
    mounts = [volume.split(":") for volume in proxy["volumes"]]
    assert [
        "./deploy/nginx/nginx.conf.template",
        "/etc/nginx/templates/nginx.conf.template",
        "ro",
    ] in mounts
    stack_test = (ROOT / "tests/stack/run.sh").read_text()
    assert variables <= set(re.findall(r"MAFIA_\w+", stack_test))


def test_the_trusted_proxy_network_holds_nginx_and_the_app_servers_only():
    network = COMPOSE["networks"]["proxied"]
    assert network["internal"] is True
    (subnet,) = [ipaddress.ip_network(c["subnet"]) for c in network["ipam"]["config"]]
    trusted = ipaddress.ip_network(SERVICES["web"]["environment"]["TRUSTED_PROXIES"])
    assert trusted == subnet
    proxy_address = SERVICES["proxy"]["networks"]["proxied"]["ipv4_address"]
    assert ipaddress.ip_address(proxy_address) in subnet
    on_it = [name for name, s in SERVICES.items() if "proxied" in (s.get("networks") or [])]
    assert sorted(on_it) == ["live", "proxy", "web"]


def test_web_live_worker_and_beat_are_health_checked():
    assert "/healthz" in " ".join(SERVICES["web"]["healthcheck"]["test"])
    assert "127.0.0.1:8001/healthz" in " ".join(SERVICES["live"]["healthcheck"]["test"])
    assert "inspect ping" in " ".join(SERVICES["worker"]["healthcheck"]["test"])
    assert SERVICES["beat"]["healthcheck"]["test"][-2:] == ["manage.py", "health"]


def test_nginx_accepts_the_template(tmp_path):
    if shutil.which("nginx") is None:
        pytest.skip("nginx is not installed (apt-get install nginx)")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-keyout", str(tmp_path / "key.pem"),
         "-out", str(tmp_path / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    values = {
        "MAFIA_HTTP_PORT": "18081",
        "MAFIA_HTTPS_PORT": "18444",
        "MAFIA_UPSTREAM": "127.0.0.1:18001",
        "MAFIA_LIVE_UPSTREAM": "127.0.0.1:18002",
        "MAFIA_STATIC_ROOT": str(tmp_path),
        "MAFIA_MEDIA_ROOT": str(tmp_path),
        "MAFIA_NGINX_TEMP": str(tmp_path),
        "MAFIA_TLS_CERT": str(tmp_path / "cert.pem"),
        "MAFIA_TLS_KEY": str(tmp_path / "key.pem"),
    }
    assert set(values) == template_variables()
    config = TEMPLATE.read_text()
    for name, value in values.items():
        config = config.replace("${" + name + "}", value)
    (tmp_path / "nginx.conf").write_text(config)
    result = subprocess.run(
        ["nginx", "-t", "-c", str(tmp_path / "nginx.conf"), "-e", "stderr",
         "-g", f"pid {tmp_path}/nginx.pid;"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


def test_nginx_and_the_app_take_the_same_largest_body():
    from django.conf import settings

    (size,) = re.findall(r"client_max_body_size (\d+)m;", TEMPLATE.read_text())
    assert int(size) * 1024 * 1024 == settings.REQUEST_BODY_MAX_BYTES
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE < settings.REQUEST_BODY_MAX_BYTES


def test_no_app_process_starts_before_the_migrations_have_run():
    for name in ("web", "live", "worker", "beat"):
        depends = SERVICES[name]["depends_on"]
        assert depends["migrate"] == {"condition": "service_completed_successfully"}, name
    for name in ("worker", "beat"):
        assert SERVICES[name]["depends_on"]["db"] == {"condition": "service_healthy"}
