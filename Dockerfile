FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=mafia_mod.settings.production
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN SECRET_KEY=build ALLOWED_HOSTS=localhost REDIS_URL=redis://build python manage.py collectstatic --noinput
# /srv/static becomes the `static` volume that the migrate service fills and nginx serves.
RUN useradd --create-home app && mkdir -p /app/media /srv/static && chown app /app/media /srv/static
USER app
EXPOSE 8000
CMD ["gunicorn", "mafia_mod.wsgi", "-c", "deploy/gunicorn.conf.py"]
