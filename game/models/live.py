from django.db import models


class LiveTopic(models.Model):
    """The embedded live channel's counter of one topic (game/services/live_channel/): each
    topic numbers its own events, so a stream's numbers count only what its viewer hears."""

    name = models.CharField(max_length=40, primary_key=True)
    last = models.PositiveBigIntegerField(default=0)


class LiveEvent(models.Model):
    """One event of the embedded live channel (no Redis: `make run`), read by one poller per web
    process in the order of `id` and kept for a while for reconnects. A topic and a kind only,
    never content."""

    topic = models.CharField(max_length=40)
    number = models.PositiveBigIntegerField()
    kind = models.CharField(max_length=20)
    at_ms = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["topic", "number"], name="live_event_topic_number")]
