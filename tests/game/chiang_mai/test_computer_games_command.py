"""`manage.py chiang_mai_games` (make chiang-mai-games): the Killers' win ratio at 7, 10, 12."""

import io
import re

from django.core.management import call_command


def test_the_command_prints_a_ratio_for_each_table_size():
    out = io.StringIO()
    call_command("chiang_mai_games", "--games", "3", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "Chiang Mai, 3 all-computer games per size, the default deck:"
    sizes = [
        re.fullmatch(r" *(\d+) players: the Killers win (\d+\.\d)%", line) for line in lines[1:]
    ]
    assert [int(m.group(1)) for m in sizes] == [7, 10, 12]
    assert all(float(m.group(2)) in (0.0, 33.3, 66.7, 100.0) for m in sizes)
