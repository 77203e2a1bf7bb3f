FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=mafia_mod.settings.production
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN SECRET_KEY=build ALLOWED_HOSTS=localhost python manage.py collectstatic --noinput
RUN useradd --create-home app && mkdir -p /app/media && chown app /app/media
USER app
EXPOSE 8000
CMD ["gunicorn", "mafia_mod.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
