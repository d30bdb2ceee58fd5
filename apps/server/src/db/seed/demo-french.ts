/**
 * The demo builder's catalogue in Canadian French (docs/languages.md, "Content in several
 * languages"): what its design centre wrote beside each English name and description. The
 * seeder puts each one in the item's `translations['fr-CA']`; a text with none stays English.
 */
export const DEMO_FRENCH: Record<string, string> = {
  // Rooms
  Foyer: 'Hall d’entrée',
  'Living Room': 'Salon',
  Kitchen: 'Cuisine',
  'Primary Bedroom': 'Chambre principale',
  'Second Bedroom': 'Deuxième chambre',
  'Primary Ensuite': 'Salle de bain attenante',
  'Main Bathroom': 'Salle de bain principale',
  // Plans
  'The Birch – 1 Bed + Den': 'Le Bouleau – 1 chambre + bureau',
  'The Maple – 2 Bed': 'L’Érable – 2 chambres',
  // Categories
  Flooring: 'Revêtement de sol',
  'Wall Paint': 'Peinture murale',
  'Kitchen Cabinets': 'Armoires de cuisine',
  Countertops: 'Comptoirs',
  Backsplash: 'Dosseret',
  'Cabinet Hardware': 'Quincaillerie d’armoires',
  Lighting: 'Éclairage',
  Appliances: 'Électroménagers',
  'Bathroom Tile': 'Carrelage de salle de bain',
  Electrical: 'Électricité',
  // Flooring
  'Laminate – Natural Oak': 'Stratifié – Chêne naturel',
  '12 mm AC4 laminate with a natural oak grain.': 'Stratifié AC4 de 12 mm au grain de chêne naturel.',
  'Laminate – Grey Ash': 'Stratifié – Frêne gris',
  '12 mm AC4 laminate in a soft grey ash.': 'Stratifié AC4 de 12 mm en frêne gris doux.',
  'Luxury Vinyl – Coastal White': 'Vinyle de luxe – Blanc côtier',
  'Waterproof rigid-core vinyl plank, whitewashed oak look.':
    'Planche de vinyle à âme rigide imperméable, aspect chêne blanchi.',
  'Engineered Oak – Honey': 'Chêne d’ingénierie – Miel',
  '5" engineered white oak, 2 mm wear layer, honey stain.':
    'Chêne blanc d’ingénierie de 5 po, couche d’usure de 2 mm, teinture miel.',
  'Engineered Oak – Smoked': 'Chêne d’ingénierie – Fumé',
  '6" engineered oak, fumed and smoked, matte lacquer.': 'Chêne d’ingénierie de 6 po, fumé, laque mate.',
  'Porcelain Tile – Concrete': 'Carreau de porcelaine – Béton',
  '24×24 rectified porcelain with a poured-concrete look.':
    'Porcelaine rectifiée de 24 × 24 à l’aspect de béton coulé.',
  'Wide-Plank White Oak': 'Chêne blanc à planches larges',
  '9" wide-plank European white oak. Needs the open span of the two-bedroom plan.':
    'Chêne blanc européen à planches larges de 9 po. Exige l’aire ouverte du plan à deux chambres.',
  'Herringbone Walnut': 'Noyer à chevrons',
  'American walnut laid in a herringbone pattern.': 'Noyer américain posé à chevrons.',
  // Wall paint
  'Cloud White': 'Blanc nuage',
  'OC-130, eggshell finish. The builder standard.': 'OC-130, fini coquille d’œuf. Le standard du constructeur.',
  'Swiss Coffee': 'Café suisse',
  'OC-45, a warm white, eggshell finish.': 'OC-45, un blanc chaud, fini coquille d’œuf.',
  'Pale Oak': 'Chêne pâle',
  'OC-20, a greige for warm light.': 'OC-20, un grège pour une lumière chaude.',
  'Agreeable Gray': 'Gris agréable',
  'SW 7029, a balanced warm grey.': 'SW 7029, un gris chaud équilibré.',
  'Sea Salt': 'Sel de mer',
  'SW 6204, a soft green-grey.': 'SW 6204, un gris-vert doux.',
  'Hale Navy Accent Wall': 'Mur d’accent bleu marine Hale',
  'HC-154 on one feature wall per room, Cloud White elsewhere.':
    'HC-154 sur un mur d’accent par pièce, Blanc nuage ailleurs.',
  'Sage Accent Wall': 'Mur d’accent sauge',
  'A sage feature wall per room, Cloud White elsewhere.': 'Un mur d’accent sauge par pièce, Blanc nuage ailleurs.',
  // Kitchen cabinets
  'Shaker – White': 'Shaker – Blanc',
  'Painted MDF shaker doors, soft-close hinges.': 'Portes shaker en MDF peint, charnières à fermeture en douceur.',
  'Flat Slab – Grey': 'Dalle plate – Gris',
  'Thermofoil slab doors in a mid grey.': 'Portes plates en thermoplastique gris moyen.',
  'Shaker – Navy': 'Shaker – Bleu marine',
  'Painted shaker in deep navy.': 'Shaker peint bleu marine profond.',
  'Shaker – Sage Green': 'Shaker – Vert sauge',
  'Painted shaker in sage with an inset panel.': 'Shaker peint vert sauge à panneau encastré.',
  'High-Gloss White': 'Blanc très lustré',
  'Acrylic high-gloss slab with hidden J-pulls.': 'Dalle acrylique très lustrée avec poignées en J dissimulées.',
  'Rift Oak Veneer': 'Placage de chêne scié sur faux quartier',
  'Rift-sawn white oak veneer slab doors.': 'Portes plates en placage de chêne blanc scié sur faux quartier.',
  'Matte Black': 'Noir mat',
  'Super-matte anti-fingerprint laminate slab.': 'Dalle stratifiée super mate anti-traces de doigts.',
  // Countertops
  'Laminate – Carrara Look': 'Stratifié – Aspect Carrare',
  'Post-formed laminate with a marble pattern.': 'Stratifié postformé à motif de marbre.',
  'Quartz – Arctic White': 'Quartz – Blanc arctique',
  '2 cm quartz, eased edge.': 'Quartz de 2 cm, chant adouci.',
  'Quartz – Concrete Grey': 'Quartz – Gris béton',
  '2 cm quartz with a honed concrete look.': 'Quartz de 2 cm à l’aspect de béton adouci.',
  'Granite – Black Pearl': 'Granit – Perle noire',
  '3 cm polished granite.': 'Granit poli de 3 cm.',
  'Quartz – Calacatta': 'Quartz – Calacatta',
  '3 cm quartz with bold grey veining.': 'Quartz de 3 cm aux veines grises marquées.',
  'Marble – Statuario': 'Marbre – Statuario',
  '3 cm Italian marble, sealed. Natural stone varies.': 'Marbre italien de 3 cm, scellé. La pierre naturelle varie.',
  // Backsplash
  'White Subway 3×6': 'Métro blanc 3 × 6',
  'Gloss ceramic subway tile, white grout.': 'Carreau métro en céramique lustrée, coulis blanc.',
  'Grey Glass Mosaic': 'Mosaïque de verre grise',
  '1×2 glass mosaic on mesh.': 'Mosaïque de verre 1 × 2 sur treillis.',
  'Zellige – Green': 'Zellige – Vert',
  'Hand-made glazed zellige, uneven surface.': 'Zellige émaillé fait main, surface irrégulière.',
  'Marble Herringbone': 'Marbre à chevrons',
  'Honed marble in a herringbone mosaic.': 'Marbre adouci en mosaïque à chevrons.',
  'Full-Height Quartz Slab': 'Dalle de quartz pleine hauteur',
  'Matches the Calacatta counter up to the upper cabinets.':
    'Assortie au comptoir Calacatta jusqu’aux armoires du haut.',
  // Cabinet hardware
  'Brushed Nickel Bar Pulls': 'Poignées barres en nickel brossé',
  '128 mm bar pulls.': 'Poignées barres de 128 mm.',
  'Polished Chrome Knobs': 'Boutons en chrome poli',
  'Round 30 mm knobs.': 'Boutons ronds de 30 mm.',
  'Matte Black Pulls': 'Poignées noir mat',
  '160 mm matte black pulls.': 'Poignées noir mat de 160 mm.',
  'Brushed Brass Pulls': 'Poignées en laiton brossé',
  'Solid brass, brushed satin finish.': 'Laiton massif, fini satiné brossé.',
  'Leather Tab Pulls': 'Poignées languettes en cuir',
  'Saddle leather tabs with brass screws.': 'Languettes en cuir de selle avec vis en laiton.',
  'Knurled Brass Pulls': 'Poignées en laiton moleté',
  'Knurled solid brass, unlacquered.': 'Laiton massif moleté, non verni.',
  // Lighting
  'Standard LED Pot Lights': 'Encastrés DEL standard',
  '4" slim LED pot lights, 3000 K.': 'Encastrés DEL minces de 4 po, 3000 K.',
  'Dimmer Package': 'Forfait gradateurs',
  'Dimmers on every ceiling light circuit.': 'Gradateurs sur chaque circuit d’éclairage au plafond.',
  'Under-Cabinet LED Strip': 'Ruban DEL sous les armoires',
  'Continuous LED strip under the upper cabinets.': 'Ruban DEL continu sous les armoires du haut.',
  'Smart Lighting Hub': 'Centre d’éclairage intelligent',
  'App and voice control of every dimmer.': 'Commande de chaque gradateur par application et par la voix.',
  'Pendant Trio Over Island': 'Trio de suspensions au-dessus de l’îlot',
  'Three glass pendants on a shared canopy.': 'Trois suspensions en verre sur un même pavillon.',
  'Living Room Chandelier': 'Lustre du salon',
  'Brass and opal glass, on its own dimmer.': 'Laiton et verre opale, sur son propre gradateur.',
  'Cove Lighting': 'Éclairage de corniche',
  'Indirect LED cove around the ceiling perimeter.': 'Corniche DEL indirecte sur le pourtour du plafond.',
  // Appliances
  'Standard Stainless Package': 'Forfait inox standard',
  '30" fridge, electric range, dishwasher, over-the-range microwave.':
    'Réfrigérateur de 30 po, cuisinière électrique, lave-vaisselle, micro-ondes à hotte intégrée.',
  'Premium Stainless Package': 'Forfait inox haut de gamme',
  'Counter-depth fridge, convection range, quiet dishwasher.':
    'Réfrigérateur de profondeur comptoir, cuisinière à convection, lave-vaisselle silencieux.',
  'Gas Range Package': 'Forfait cuisinière au gaz',
  '30" dual-fuel range with the premium package.': 'Cuisinière bicombustible de 30 po avec le forfait haut de gamme.',
  'Induction Package': 'Forfait induction',
  'Induction cooktop, wall oven, panel dishwasher.':
    'Table de cuisson à induction, four mural, lave-vaisselle à panneau.',
  'Integrated Panel-Ready Package': 'Forfait encastré prêt à recevoir un panneau',
  'Panel-ready fridge and dishwasher behind cabinet fronts. Needs the two-bedroom kitchen.':
    'Réfrigérateur et lave-vaisselle prêts à recevoir un panneau, derrière des façades d’armoires. Exige la cuisine du plan à deux chambres.',
  // Bathroom tile
  'White Hex Mosaic': 'Mosaïque hexagonale blanche',
  '2" hex porcelain mosaic.': 'Mosaïque hexagonale en porcelaine de 2 po.',
  'Grey Porcelain 12×24': 'Porcelaine grise 12 × 24',
  'Matte porcelain, 1/8" grout.': 'Porcelaine mate, joints de 1/8 po.',
  'Marble-Look Porcelain': 'Porcelaine aspect marbre',
  '12×24 polished porcelain with marble veining.': 'Porcelaine polie de 12 × 24 aux veines de marbre.',
  'Slate Black': 'Ardoise noire',
  'Natural cleft slate, sealed.': 'Ardoise naturelle clivée, scellée.',
  Terrazzo: 'Terrazzo',
  'Porcelain terrazzo with coloured chips.': 'Terrazzo en porcelaine à éclats colorés.',
  'Encaustic Pattern': 'Motif encaustique',
  '8×8 patterned cement-look tile.': 'Carreau à motif de 8 × 8 aspect ciment.',
  // Electrical
  'USB-C Outlets': 'Prises USB-C',
  'A duplex outlet with two USB-C ports, per outlet.': 'Une prise double avec deux ports USB-C, par prise.',
  'Extra Duplex Outlet': 'Prise double supplémentaire',
  'One more outlet where you want it, per outlet.': 'Une prise de plus là où vous la voulez, par prise.',
  'Gas Line to Range': 'Conduite de gaz à la cuisinière',
  'Gas supply roughed in to the range location.': 'Alimentation en gaz préinstallée à l’emplacement de la cuisinière.',
  'EV Charger Rough-In': 'Préinstallation de borne de recharge',
  '40 A circuit to your parking stall.': 'Circuit de 40 A jusqu’à votre espace de stationnement.',
  'Heated Ensuite Floor': 'Plancher chauffant de la salle de bain attenante',
  'Electric in-floor heat with a programmable thermostat.': 'Chauffage électrique au sol avec thermostat programmable.',
  // Packages
  'Modern Minimal': 'Minimal moderne',
  'Coastal white floors, rift oak cabinets, white quartz and black hardware.':
    'Planchers blanc côtier, armoires en chêne scié sur faux quartier, quartz blanc et quincaillerie noire.',
  'Classic Warmth': 'Chaleur classique',
  'Honey oak floors, navy shaker cabinets, Calacatta quartz and brushed brass.':
    'Planchers de chêne miel, armoires shaker bleu marine, quartz Calacatta et laiton brossé.',
};

/** The demo project's terms, tagline and design centre's hours in French. */
export const DEMO_FRENCH_OPTIONS = {
  tagline: 'À votre image, pièce par pièce.',
  hours: 'lun.–sam. 10 h – 17 h',
  termsOfService: `## Conditions d’utilisation

Ces conditions régissent votre utilisation du portail de sélection de **Maple Residences**.

1. Les prix affichés sont des prix d’amélioration par rapport aux finitions standard comprises dans votre contrat d’achat, en dollars canadiens, avant les taxes applicables.
2. Vos sélections vous engagent une fois soumises avec votre signature et approuvées par le centre de design. Tout changement après l’approbation est un ordre de modification et peut entraîner des frais.
3. Les sélections doivent être soumises avant l’échéance indiquée sur votre page d’accueil. Après l’échéance, les finitions standard sont installées pour toute catégorie restée ouverte.
4. Les couleurs à l’écran et dans l’aperçu 3D sont des représentations ; les matériaux naturels varient. Des échantillons sont offerts au centre de design.
5. Un acompte sur les améliorations est payable selon les modalités de votre contrat d’achat.

Des questions ? Écrivez au centre de design à design@maple-residences.example.`,
};
