"""The forms of the pages: they parse and check what a user sends; the views hand the
cleaned data to one service."""
