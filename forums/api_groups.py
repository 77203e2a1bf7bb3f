"""The private groups of a game through the API (/api/v1/forums/): which groups the viewer
belongs to and their boards (H1, R51). A group's threads and posts are read and written through
the board operations, with the group's `board_key` as the board."""

from ninja import Router, Schema

from forums.access import forum_game_for
from forums.selectors.boards import group_list

router = Router(tags=["forums"])


class GroupOut(Schema):
    code: str
    title: str
    board_key: str
    may_read: bool
    may_post: bool


@router.get("/games/{game_id}/groups", response=list[GroupOut], operation_id="private_group_list")
def private_group_list_op(request, game_id: int):
    """The viewer's private groups: a player's own (even once dead, when their board is closed
    to them), every group for the moderators, none for anyone else. A game the viewer may not
    see answers 404."""
    fv = forum_game_for(request.user, game_id)
    return [vars(group) for group in group_list(fv)]
