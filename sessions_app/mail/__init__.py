"""Results by e-mail: a player who asked for them (the director ticks it on the register entry,
with the player's consent) gets, when a session is published and again when it is amended, a
short message with the pair's place and percentage, the link to the pair's score card, and
the score card as a PDF if wanted; each message carries a signed link that stops them.

Sending never holds up publishing: publishing only queues rows (`ResultMail`), and a worker
sends them (`manage.py send_results_mail`, any number of them at once):

- `services`: who is sent what and when (queueing on publication and after an amendment, the
  unsubscribe token, the back-off);
- `message`: one row as an e-mail (words, links, PDF);
- `worker`: claiming rows with a lease and sending them;
- `selectors`: what the director's session page says of the messages;
- `views`: the public unsubscribe page, and the director's "Try again now".

Example: Ann (subscribed) plays pair A1 of session 7; the director publishes it -> a row for
Ann at version 12; the worker sends "Tuesday pairs: 2nd of 7 NS pairs, 58.33%" with the link
to /sessions/7/pairs/A/1/; a line corrected at 22:40 -> at 22:41, one minute without another
change, one more row "amended" (however many lines were corrected in that minute).
"""
