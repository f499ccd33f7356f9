"""Shared tooling of the independent corpora: document content, ICAO 9303 MRZ, capture chains
(export, scan, phone photo), forgery tools (mutool, qpdf, exiftool, ImageMagick) and the manifest.

Written without looking at the engine: nothing here imports or mirrors lib/forensics.
"""
