// The scanner end to end on made-up photos of real menus' kinds in harder forms: smaller text, more tilt
// with perspective, JPEG at 45, dim light, a dish's kinds priced under its title, additive codes and a
// sentence with a price, a euro sign set apart inside the price, riyals written with dots on a dark
// board, two columns with descriptions of two and three lines (one a pub's, light on dark), numbered
// combos priced in circles, and a bagel's flavours listed without prices.
import { PHOTO_HARDER } from '../../fixtures/menus/photo-harder';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of made-up photos in harder forms', PHOTO_HARDER);
