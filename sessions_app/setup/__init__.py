"""Setting a session up: clubs, sessions, sections and their movements, a movement changed
under existing lines, the status workflow, a session copied for next week."""
