"""Bridgemates: a session's movement sent to Bridgemate Control Software (BCS 5) through its
Data Connector, and the results its table terminals send back stored as every other line
(docs/bridgemates.md). The wire format is the official client's
(`bridgemate-dataconnector-client`); this package says what goes in it and what comes out.
"""
