// Server tests exercise real OCR, hashing and databases; give them room on a 2-core machine.
jest.setTimeout(60_000);
