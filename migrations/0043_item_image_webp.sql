-- WebP copies of an uploaded item picture's three densities (ADR 033), beside the JPEG or PNG
-- ones: the shop offers them in a <picture> source. Null for pictures without them (the demo's
-- SVG packshots, pictures uploaded before, imported URLs).
alter table menu_items add column image_webp_mdpi_1x text;
alter table menu_items add column image_webp_xhdpi_2x text;
alter table menu_items add column image_webp_xxhdpi_3x text;
