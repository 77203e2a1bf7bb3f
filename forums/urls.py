from django.urls import path

from forums.views import activity, boards, forum_day, messages, notifications, threads

app_name = "forums"

urlpatterns = [
    path("games/<int:game_id>/", boards.board_list, name="board_list"),
    path("games/<int:game_id>/search/", boards.search, name="search"),
    path("games/<int:game_id>/den/add/", boards.den_member_add, name="den_member_add"),
    path("games/<int:game_id>/messages/", messages.conversation_list, name="conversation_list"),
    path(
        "games/<int:game_id>/messages/<int:conversation_id>/",
        messages.conversation_detail,
        name="conversation_detail",
    ),
    path("games/<int:game_id>/vote-count/", forum_day.forum_day, name="forum_day"),
    path(
        "games/<int:game_id>/vote-count/<slug:action>/",
        forum_day.forum_day_action,
        name="forum_day_action",
    ),
    path("games/<int:game_id>/will/", forum_day.will, name="will"),
    path("games/<int:game_id>/replaced/", forum_day.replaced, name="replaced"),
    path("games/<int:game_id>/today/", forum_day.today, name="today"),
    path("games/<int:game_id>/activity/", activity.activity, name="activity"),
    path("games/<int:game_id>/vacation/", activity.vacation, name="vacation"),
    path("games/<int:game_id>/<slug:kind>/", boards.board_detail, name="board_detail"),
    path("threads/<int:thread_id>/", threads.thread_detail, name="thread_detail"),
    path("threads/<int:thread_id>/poll/", threads.thread_poll, name="thread_poll"),
    path("threads/<int:thread_id>/read/", threads.thread_read, name="thread_read"),
    path("threads/<int:thread_id>/pin/", threads.thread_pin, name="thread_pin"),
    path("posts/<int:post_id>/edit/", threads.post_edit, name="post_edit"),
    path("posts/<int:post_id>/delete/", threads.post_delete, name="post_delete"),
    path("posts/<int:post_id>/history/", threads.post_history, name="post_history"),
    path("posts/<int:post_id>/vote-count/", forum_day.post_vote_count, name="post_vote_count"),
    path("notifications/", notifications.notification_list, name="notification_list"),
    path("notifications/bell/", notifications.bell, name="bell"),
    path("notifications/read/", notifications.notifications_read, name="notifications_read"),
    path(
        "notifications/settings/", notifications.notification_setting, name="notification_setting"
    ),
    path(
        "notifications/<int:notification_id>/",
        notifications.notification_open,
        name="notification_open",
    ),
]
