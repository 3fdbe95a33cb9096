"""The email front end of the judge: raw mail in, Inbound to the core, Outbound to mail out.

inbound    raw bytes -> Inbound, or why a message must stay unanswered
outbound   Outbound -> RFC 5322 mail, threaded per game
archive    every inbound message stored raw before processing; replay
ratelimit  per-sender limit over the archive
delivery   the Maildir outbox, and the SMTP relay when configured
gateway    the pipeline tying those together (sending_side: its way out and the tick)
listener   `serve`: aiosmtpd listener + the judge's clock
imap       `poll`: imaplib fetch
config     defaults, environment, options
app        building the whole from a config
"""
