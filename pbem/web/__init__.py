"""The club's own page: a read-only web site of the games a judge's store holds, showing only
what observers may see. See docs/running-a-judge.md."""
